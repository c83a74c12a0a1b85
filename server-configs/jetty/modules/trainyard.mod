# Trainyard on Jetty 12: the ee10 web stack with JNDI, and jdbc/trainyard bound to a HikariCP pool.
# HikariCP and the PostgreSQL driver go in ${jetty.base}/lib/ext (the ext module).

[description]
Trainyard: deploys WARs with annotations and JNDI (ee10), binds jdbc/trainyard (HikariCP).

[depend]
ee10-deploy
ee10-annotations
ee10-plus
http
ext
jmx


[xml]
etc/trainyard-datasource.xml
etc/trainyard-stop.xml
etc/trainyard-errors.xml
