/**
 * Who may use the MQTT broker, and for what: implemented by the module that knows the readers (the
 * platform names no module). A reader signs in with its code and its password; it may publish only
 * on its own topics and subscribe only to its command topic.
 */
export interface MqttPrincipal {
  /** The MQTT username (a reader's code). */
  username: string;
  /** What the module needs to know of it again (the reader's id). */
  id: string;
  mayPublish(topic: string): boolean;
  maySubscribe(topicFilter: string): boolean;
}

export abstract class MqttAccess {
  /** The principal of these credentials, from this client id and network address, or why they are refused. */
  abstract authenticate(attempt: { username: string; password: string; clientId: string; address: string }): Promise<MqttPrincipal | { refused: string }>;
}

/** A message that reached the back-office: on the embedded broker with its publisher, from an external one without. */
export interface InboundMessage {
  topic: string;
  payload: Buffer;
  /** The signed-in publisher (embedded broker); undefined on an external broker, where the topic tells. */
  principal: MqttPrincipal | undefined;
  receivedAt: Date;
  /** 1 or 2: the sender relies on the acknowledgement; the listener resolves only once the message is safe. */
  qos: 0 | 1 | 2;
}

/** What the transport tells the module that follows the readers: messages, connections, and what it refused. */
export interface MqttListener {
  /** Resolving late slows the publisher down (back-pressure): resolve once the message is taken in. */
  message(message: InboundMessage): Promise<void> | void;
  connected(principal: MqttPrincipal): void;
  /** A keep-alive ping from a signed-in client: alive, though silent. */
  alive(principal: MqttPrincipal): void;
  disconnected(principal: MqttPrincipal): void;
  /** The back-office's own link to an external broker went down or came back: meanwhile nothing is known of the readers. */
  linkChanged(up: boolean, detail: string): void;
  /** A refusal: bad credentials, a topic that is not the client's, an oversize packet. */
  refused(refusal: { username: string | null; topic: string | null; reason: string; payload?: Buffer; address?: string }): void;
}
