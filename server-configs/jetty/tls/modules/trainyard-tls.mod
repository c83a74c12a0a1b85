# Trainyard over HTTPS on Jetty 12: the ssl connector with HTTP/2 (ALPN) and HTTP/1.1 on it, TLS 1.2
# and 1.3 only, and the keystore's password read from a file (etc/trainyard-tls.xml).

[description]
Trainyard over HTTPS: TLS 1.2 and 1.3, HTTP/2 by ALPN and HTTP/1.1, keystore password from a file.

[depend]
ssl
http2
https

[xml]
etc/trainyard-tls.xml
