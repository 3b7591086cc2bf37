import { Duplex, Transform, type TransformCallback } from 'node:stream';

/**
 * Reads MQTT packets' fixed headers as the bytes go by (a type byte, then the remaining length in 1 to
 * 4 bytes of 7 bits) and stops the connection at the first packet longer than `maxPacketBytes`,
 * before it is buffered: the MQTT parser would otherwise hold up to 256 MB for one packet. The bytes
 * themselves pass through unchanged.
 */
class PacketSizeGuard extends Transform {
  private skip = 0;
  private inLength = false;
  private length = 0;
  private multiplier = 1;
  private lengthBytes = 0;

  constructor(
    private readonly maxPacketBytes: number,
    private readonly onOversize: (bytes: number) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - i);
        this.skip -= n;
        i += n;
        continue;
      }
      if (!this.inLength) {
        // the packet type byte
        this.inLength = true;
        this.length = 0;
        this.multiplier = 1;
        this.lengthBytes = 0;
        i++;
        continue;
      }
      const byte = chunk[i++]!;
      this.length += (byte & 0x7f) * this.multiplier;
      this.multiplier *= 128;
      this.lengthBytes++;
      if ((byte & 0x80) === 0) {
        if (this.length > this.maxPacketBytes) {
          this.onOversize(this.length);
          done(new Error(`MQTT packet of ${this.length} bytes is over the limit of ${this.maxPacketBytes}`));
          return;
        }
        this.inLength = false;
        this.skip = this.length;
      } else if (this.lengthBytes === 4) {
        done(new Error('malformed MQTT remaining length'));
        return;
      }
    }
    done(null, chunk);
  }
}

/**
 * The connection a broker reads through: what the client sends passes the size guard, what the broker
 * writes goes straight to the client. A refused packet closes the connection.
 */
export function guardedConnection(socket: Duplex, maxPacketBytes: number, onOversize: (bytes: number) => void): Duplex {
  const guard = new PacketSizeGuard(maxPacketBytes, onOversize);
  socket.pipe(guard);
  guard.on('error', () => socket.destroy());
  const connection = Duplex.from({ readable: guard, writable: socket });
  socket.on('close', () => connection.destroy());
  connection.on('close', () => socket.destroy());
  return connection;
}
