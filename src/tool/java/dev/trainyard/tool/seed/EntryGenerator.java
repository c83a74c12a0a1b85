package dev.trainyard.tool.seed;

import java.io.IOException;
import java.util.SplittableRandom;

/**
 * The Train experiment's table (experiment E3 train): trentry(id, name char(25), descr varchar(128),
 * views) with 250,000 rows of random text, every view count starting at zero.
 */
public final class EntryGenerator {

    public static final int ROWS = 250_000;
    static final int NAME_LENGTH = 25;
    static final int DESCR_LENGTH = 128;
    private static final char[] LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();

    private final long seed;

    public EntryGenerator(long seed) {
        this.seed = seed;
    }

    /** Columns: id, name, descr, views. */
    public void generate(int rows, RowSink sink) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        for (int id = 1; id <= rows; id++) {
            sink.row(id, name(random), Words.sentence(random, 40, DESCR_LENGTH), 0);
        }
    }

    private static String name(SplittableRandom random) {
        int length = 8 + random.nextInt(NAME_LENGTH - 8 + 1);
        char[] name = new char[length];
        for (int i = 0; i < length; i++) {
            name[i] = LETTERS[random.nextInt(LETTERS.length)];
        }
        return new String(name);
    }
}
