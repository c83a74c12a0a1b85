package dev.trainyard.data.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.NamedQuery;
import java.math.BigDecimal;

/**
 * A product of a category. Relations are eager (JPA's default for ManyToOne): weaving is off, and
 * every query here projects columns rather than loading entity graphs.
 */
@Entity
@NamedQuery(name = Product.COUNT_BY_ID, query = "SELECT count(p) FROM Product p WHERE p.id = :id")
public class Product {

    public static final String COUNT_BY_ID = "Product.countById";

    @Id
    private int id;

    @ManyToOne(optional = false)
    @JoinColumn(name = "category_id")
    private Category category;

    @Column(nullable = false)
    private String name;

    private String description;

    @Column(nullable = false)
    private BigDecimal price;

    @Column(nullable = false)
    private BigDecimal cost;

    public int getId() {
        return id;
    }

    public String getName() {
        return name;
    }

    public BigDecimal getPrice() {
        return price;
    }

    public BigDecimal getCost() {
        return cost;
    }
}
