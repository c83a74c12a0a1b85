package dev.trainyard.data.store;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;

/**
 * A customer, employee or supplier: the paper keeps all three in one table and tells them apart
 * by {@code type_ces} (C, E or S).
 */
@Entity
@Table(name = "customer_employee_supplier")
@NamedQuery(name = Party.BY_TYPE,
        query = "SELECT p.id, p.typeCes, p.name, p.email, p.city FROM Party p WHERE p.typeCes = :type ORDER BY p.id")
public class Party {

    public static final String BY_TYPE = "Party.byType";

    @Id
    private int id;

    @Column(name = "type_ces", length = 1, nullable = false)
    private String typeCes;

    @Column(nullable = false)
    private String name;

    private String email;

    private String city;

    public int getId() {
        return id;
    }

    public String getTypeCes() {
        return typeCes;
    }

    public String getName() {
        return name;
    }
}
