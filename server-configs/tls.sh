# Sourced by the three images' entrypoints: whether the container serves HTTPS, and from which
# files. HTTPS is on when the keystore and its password file are there: compose hands them over
# as the secrets tls-keystore and tls-keystore-password (/run/secrets/...), or a plain docker run
# names other paths with TRAINYARD_TLS_KEYSTORE_FILE and TRAINYARD_TLS_PASSWORD_FILE. Neither
# file: plain HTTP only. One of them, or one this user cannot read: the start stops with a message
# rather than a server whose HTTPS listener is dead, and so does a keystore that the password does
# not open or that holds no key (Tomcat would only log it and end with status 0).
#
#   trainyard_tls    sets tls_keystore, tls_password_file and tls_key_alias (the first key's);
#                    returns 0 with HTTPS on, 1 without, and exits the entrypoint (64) when the pair
#                    is incomplete, unreadable or does not open
trainyard_tls() {
  tls_keystore=${TRAINYARD_TLS_KEYSTORE_FILE:-/run/secrets/tls-keystore}
  tls_password_file=${TRAINYARD_TLS_PASSWORD_FILE:-/run/secrets/tls-keystore-password}
  if [ ! -e "$tls_keystore" ] && [ ! -e "$tls_password_file" ]; then
    return 1
  fi
  for file in "$tls_keystore" "$tls_password_file"; do
    if [ ! -e "$file" ]; then
      echo "HTTPS: $file is missing; the keystore and its password file go together" >&2; exit 64
    fi
    # Compose mounts a file secret with its owner and mode on the host.
    if [ ! -r "$file" ] || [ -d "$file" ]; then
      echo "HTTPS: $file cannot be read by uid $(id -u); make the file readable by it (e.g. mode 444 in a directory only you may enter)" >&2
      exit 64
    fi
  done
  tls_keytool=$(dirname "$(readlink -f "$(command -v java)")")/keytool
  if ! tls_list=$("$tls_keytool" -list -keystore "$tls_keystore" -storetype PKCS12 -storepass:file "$tls_password_file" 2>&1); then
    echo "HTTPS: the password in $tls_password_file does not open the PKCS12 keystore $tls_keystore: $(printf '%s' "$tls_list" | tail -1)" >&2
    exit 64
  fi
  tls_key_alias=$(printf '%s\n' "$tls_list" | sed -n 's/^\([^,]*\),.*PrivateKeyEntry.*/\1/p' | sed -n 1p)
  if [ -z "$tls_key_alias" ]; then
    echo "HTTPS: the keystore $tls_keystore holds no key" >&2; exit 64
  fi
  unset tls_list
  return 0
}
