-- Trainyard's schema: the Train experiment's trentry (experiment E3 train) and the electronics store
-- of the sync/async paper (experiment E1 store). Idempotent: every statement can run again.

CREATE TABLE IF NOT EXISTS trentry (
    id    int PRIMARY KEY,
    name  char(25) NOT NULL,
    descr varchar(128) NOT NULL,
    views int NOT NULL DEFAULT 0
);

-- What has been seeded, so that a second run skips it. dataset: 'trentry' or 'store'.
CREATE TABLE IF NOT EXISTS seed_info (
    dataset   varchar(20) PRIMARY KEY,
    size      varchar(20) NOT NULL,
    seed      bigint NOT NULL,
    row_count bigint NOT NULL,
    seeded_at timestamptz NOT NULL DEFAULT now()
);

-- Customers, employees and suppliers share one table, told apart by type_ces (C, E or S).
CREATE TABLE IF NOT EXISTS customer_employee_supplier (
    id       int PRIMARY KEY,
    type_ces char(1) NOT NULL CHECK (type_ces IN ('C', 'E', 'S')),
    name     varchar(100) NOT NULL,
    email    varchar(100),
    city     varchar(60)
);
CREATE INDEX IF NOT EXISTS ces_type_idx ON customer_employee_supplier (type_ces);

CREATE TABLE IF NOT EXISTS category (
    id   int PRIMARY KEY,
    name varchar(60) NOT NULL
);

CREATE TABLE IF NOT EXISTS product (
    id          int PRIMARY KEY,
    category_id int NOT NULL REFERENCES category (id),
    supplier_id int NOT NULL REFERENCES customer_employee_supplier (id),
    name        varchar(100) NOT NULL,
    description varchar(200),
    price       numeric(10, 2) NOT NULL,
    cost        numeric(10, 2) NOT NULL
);
CREATE INDEX IF NOT EXISTS product_category_idx ON product (category_id);

CREATE TABLE IF NOT EXISTS characteristic (
    id            int PRIMARY KEY,
    product_id    int NOT NULL REFERENCES product (id),
    feature       varchar(40) NOT NULL,
    feature_value varchar(100) NOT NULL
);
CREATE INDEX IF NOT EXISTS characteristic_product_idx ON characteristic (product_id);

CREATE TABLE IF NOT EXISTS invoice (
    id           int PRIMARY KEY,
    invoice_date date NOT NULL,
    customer_id  int NOT NULL REFERENCES customer_employee_supplier (id),
    employee_id  int NOT NULL REFERENCES customer_employee_supplier (id),
    total        numeric(12, 2) NOT NULL
);
CREATE INDEX IF NOT EXISTS invoice_date_idx ON invoice (invoice_date);

CREATE TABLE IF NOT EXISTS item (
    id         int PRIMARY KEY,
    invoice_id int NOT NULL REFERENCES invoice (id),
    product_id int NOT NULL REFERENCES product (id),
    quantity   int NOT NULL CHECK (quantity > 0),
    price      numeric(10, 2) NOT NULL
);
CREATE INDEX IF NOT EXISTS item_invoice_idx ON item (invoice_id);
CREATE INDEX IF NOT EXISTS item_product_idx ON item (product_id);
