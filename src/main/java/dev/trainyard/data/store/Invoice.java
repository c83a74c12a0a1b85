package dev.trainyard.data.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import java.math.BigDecimal;
import java.time.LocalDate;

@Entity
public class Invoice {

    @Id
    private int id;

    @Column(name = "invoice_date", nullable = false)
    private LocalDate invoiceDate;

    @ManyToOne(optional = false)
    @JoinColumn(name = "customer_id")
    private Party customer;

    @ManyToOne(optional = false)
    @JoinColumn(name = "employee_id")
    private Party employee;

    /** Denormalised sum of the items, as the paper's schema has it; S3 recomputes it. */
    @Column(nullable = false)
    private BigDecimal total;
}
