// The stocktake benchmark's handhelds, in a process of their own: each signs in as its reader and
// publishes its share of the EPCs (50 reads a message, QoS 1, every tag read `REPEATS` times over the
// sweep, as a handheld passed over shelves reads them), as fast as the broker takes them. Input: argv
// [url, readers JSON file, EPCs file, repeats]. Prints `{"ready":true}`, waits for "go", prints
// `{"done":true,"lastPublishedAt":<epoch ms>,"reads":N}`.
import fs from 'node:fs';
import readline from 'node:readline';
import { encodeReads } from '@rfid/simulators';
import mqtt from 'mqtt';

const [url, readersFile, epcsFile, repeatsArg] = process.argv.slice(2) as [string, string, string, string];
const readers = JSON.parse(fs.readFileSync(readersFile, 'utf8')) as { code: string; password: string; events: string }[];
const epcs = fs.readFileSync(epcsFile, 'utf8').split('\n').filter(Boolean);
const repeats = Number(repeatsArg);
const PER_MESSAGE = 50;

const clients = await Promise.all(readers.map((r) => mqtt.connectAsync(url, { username: r.code, password: r.password, reconnectPeriod: 0, clientId: `${r.code}-bench` })));
console.log(JSON.stringify({ ready: true }));
for await (const line of readline.createInterface({ input: process.stdin })) if (line.trim() === 'go') break;

let reads = 0;
await Promise.all(
  clients.map(async (client, i) => {
    // this handheld's share, read `repeats` times, the rounds shifted so that repeats are spread out
    const mine = epcs.filter((_, n) => n % clients.length === i);
    for (let round = 0; round < repeats; round++) {
      for (let start = 0; start < mine.length; start += PER_MESSAGE) {
        const batch = mine.slice(start, start + PER_MESSAGE).map((epc) => ({ epc, antenna: 1, rssi: -55, count: 1 }));
        await client.publishAsync(readers[i]!.events, encodeReads('SIMPLE', batch), { qos: 1 });
        reads += batch.length;
      }
    }
  }),
);
console.log(JSON.stringify({ done: true, lastPublishedAt: Date.now(), reads }));
await Promise.all(clients.map((c) => c.endAsync()));
