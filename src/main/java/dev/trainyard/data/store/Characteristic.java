package dev.trainyard.data.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.NamedQuery;

/** A key/value feature of a product ("colour" = "black"). */
@Entity
@NamedQuery(name = Characteristic.OF_PRODUCT,
        query = "SELECT c.id, c.feature, c.featureValue FROM Characteristic c WHERE c.product.id = :productId ORDER BY c.id")
public class Characteristic {

    public static final String OF_PRODUCT = "Characteristic.ofProduct";

    @Id
    private int id;

    @ManyToOne(optional = false)
    @JoinColumn(name = "product_id")
    private Product product;

    @Column(nullable = false)
    private String feature;

    @Column(name = "feature_value", nullable = false)
    private String featureValue;
}
