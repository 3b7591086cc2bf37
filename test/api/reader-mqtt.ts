import mqtt, { type MqttClient } from 'mqtt';

/**
 * A reader's MQTT client, signed in with its credentials at a broker address (`ws://…/mqtt` or
 * `mqtt://…`); resolves once the broker has let it in, rejects on a refusal. Its keep-alive pings
 * (every 5 s) keep it alive within any heartbeat timeout, as a real reader's heartbeats do. It does not
 * reconnect: a test that ends the connection sees it ended.
 */
export function connectReader(url: string, username: string, password: string): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, { username, password, clientId: `${username}-${Math.random().toString(36).slice(2, 8)}`, reconnectPeriod: 0, connectTimeout: 10_000, keepalive: 5 });
    client.once('connect', () => {
      client.removeListener('error', reject);
      resolve(client);
    });
    client.once('error', (err) => {
      client.end(true);
      reject(err);
    });
  });
}

/** Publishes and resolves once the broker has taken the message (QoS 1). */
export function publish(client: MqttClient, topic: string, payload: unknown): Promise<void> {
  return new Promise((resolve, reject) => client.publish(topic, typeof payload === 'string' ? payload : JSON.stringify(payload), { qos: 1 }, (err) => (err ? reject(err) : resolve())));
}
