package dev.trainyard.tool.seed;

import java.util.List;
import java.util.SplittableRandom;

/** Fixed vocabularies, so that generated text reads like a store and stays deterministic. */
final class Words {

    static final List<String> CATEGORIES = List.of(
            "Laptops", "Desktops", "Tablets", "Smartphones", "Monitors", "Keyboards", "Mice", "Headphones",
            "Speakers", "Microphones", "Webcams", "Printers", "Scanners", "Routers", "Switches", "Modems",
            "Hard Drives", "SSDs", "Memory", "Graphics Cards", "Processors", "Motherboards", "Power Supplies",
            "Cases", "Cooling", "Cables", "Chargers", "Batteries", "Smartwatches", "Fitness Trackers",
            "Cameras", "Lenses", "Drones", "Televisions", "Projectors", "Game Consoles", "Controllers",
            "E-Readers", "Smart Home", "Car Electronics");

    static final List<String> BRANDS = List.of(
            "Nexa", "Voltra", "Kyren", "Lumio", "Orbix", "Quanta", "Zentek", "Helio", "Pyxis", "Arcon",
            "Tessel", "Vireo", "Maxon", "Ostra", "Corvid", "Indigo");

    static final List<String> ADJECTIVES = List.of(
            "compact", "fast", "silent", "durable", "lightweight", "premium", "wireless", "ergonomic",
            "energy-saving", "portable", "rugged", "slim", "modular", "bright", "smart", "reliable");

    static final List<String> NOUNS = List.of(
            "design", "battery", "display", "housing", "connector", "controller", "sensor", "interface",
            "finish", "warranty", "firmware", "cooling", "speaker", "chipset", "memory", "panel");

    static final List<String> FEATURES = List.of(
            "colour", "weight", "warranty", "power", "size", "material", "interface", "capacity",
            "speed", "resolution", "origin", "rating");

    static final List<String> VALUES = List.of(
            "black", "white", "silver", "1.2 kg", "350 g", "2 years", "3 years", "65 W", "120 W", "13 inch",
            "15 inch", "aluminium", "plastic", "USB-C", "HDMI", "Bluetooth 5.3", "512 GB", "1 TB", "2.4 GHz",
            "4K", "1080p", "Germany", "Taiwan", "A+", "B");

    static final List<String> FIRST_NAMES = List.of(
            "Ana", "Bruno", "Carla", "David", "Elena", "Filip", "Greta", "Hugo", "Iris", "Jonas", "Katia",
            "Luis", "Marta", "Nuno", "Olga", "Pedro", "Rita", "Sergio", "Tania", "Vasco");

    static final List<String> LAST_NAMES = List.of(
            "Silva", "Costa", "Novak", "Horvat", "Muller", "Rossi", "Garcia", "Petrov", "Kowalski", "Jensen",
            "Dubois", "Santos", "Moreau", "Nagy", "Fischer", "Lopes");

    static final List<String> CITIES = List.of(
            "Lisbon", "Porto", "Zagreb", "Split", "Berlin", "Milan", "Madrid", "Prague", "Warsaw", "Vienna",
            "Lyon", "Budapest");

    private Words() {
    }

    static String pick(SplittableRandom random, List<String> words) {
        return words.get(random.nextInt(words.size()));
    }

    /** Words joined by spaces until adding one more would pass maxLength (at least minLength long). */
    static String sentence(SplittableRandom random, int minLength, int maxLength) {
        StringBuilder text = new StringBuilder(maxLength);
        while (text.length() < minLength) {
            String word = random.nextBoolean() ? pick(random, ADJECTIVES) : pick(random, NOUNS);
            if (text.length() + 1 + word.length() > maxLength) {
                break;
            }
            if (text.length() > 0) {
                text.append(' ');
            }
            text.append(word);
        }
        if (text.length() > 0) {
            text.setCharAt(0, Character.toUpperCase(text.charAt(0)));
        }
        return text.toString();
    }
}
