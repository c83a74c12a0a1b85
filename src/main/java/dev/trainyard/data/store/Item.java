package dev.trainyard.data.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.NamedQuery;
import java.math.BigDecimal;

/** One invoice line: a product, how many, at what unit price. */
@Entity
@NamedQuery(name = Item.SOLD_BETWEEN,
        query = "SELECT it.id, i.id, i.invoiceDate, it.product.id, it.quantity, it.price"
                + " FROM Item it JOIN it.invoice i"
                + " WHERE i.invoiceDate BETWEEN :from AND :to ORDER BY i.invoiceDate, it.id")
public class Item {

    public static final String SOLD_BETWEEN = "Item.soldBetween";

    @Id
    private int id;

    @ManyToOne(optional = false)
    @JoinColumn(name = "invoice_id")
    private Invoice invoice;

    @ManyToOne(optional = false)
    @JoinColumn(name = "product_id")
    private Product product;

    @Column(nullable = false)
    private int quantity;

    @Column(nullable = false)
    private BigDecimal price;
}
