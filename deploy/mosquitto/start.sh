#!/bin/sh
# The first start makes the dynamic security file with the back-office's admin account; later ones keep it.
set -e
file=/mosquitto/data/dynamic-security.json
if [ ! -f "$file" ]; then
  mosquitto_ctrl dynsec init "$file" "$MQTT_USERNAME" "$MQTT_PASSWORD"
  chown mosquitto:mosquitto "$file"
fi
exec /usr/sbin/mosquitto -c /mosquitto/config/mosquitto.conf
