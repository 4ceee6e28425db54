/**
 * Test helper: a local authoritative DNS server (UDP and TCP on one port of
 * 127.0.0.1, packets encoded by dns-packet) that answers TXT questions from
 * the records the test publishes (TXT, and A for a host name an SPF record
 * names), for the e-mail DNS check (node:dns
 * Resolver through DNS_SERVERS) and for mailauth's DKIM verification (its
 * `resolver` option, here a node:dns Resolver pointed at this server).
 *
 * Rules: a real DNS server on the wire, never a mocked lookup; a name without
 * records of any type answers NXDOMAIN, one without records of the asked type
 * answers with none; a TXT value longer than 255 bytes is split into
 * strings of 255, as DNS hosts do; with `recordsFile`, the TXT records are read
 * from that JSON file ({ name: [values] }) at each question, so that another
 * process (a browser test) can publish them.
 */
import { createSocket, type Socket } from "node:dgram";
import { Resolver } from "node:dns/promises";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import * as dnsPacket from "dns-packet";

const NXDOMAIN = 3;

function chunks(value: string): string[] {
  const parts: string[] = [];
  for (let i = 0; i < value.length; i += 255) parts.push(value.slice(i, i + 255));
  return parts.length ? parts : [""];
}

export class LocalDns {
  /** Values by record type, then by lower-case name. */
  private readonly records = { TXT: new Map<string, string[]>(), A: new Map<string, string[]>() };
  private udp: Socket | null = null;
  private tcp: Server | null = null;
  port = 0;
  /** Questions received (name and type), for assertions. */
  readonly questions: Array<{ name: string; type: string }> = [];

  constructor(private readonly options: { recordsFile?: string } = {}) {}

  /** `host:port`, as DNS_SERVERS and Resolver.setServers take it. */
  get server(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** Publishes values of `type` at `name` (replacing those already there): TXT texts, A addresses. */
  publish(name: string, values: string[], type: "TXT" | "A" = "TXT"): void {
    this.records[type].set(name.toLowerCase().replace(/\.$/, ""), values);
  }

  unpublish(name: string, type: "TXT" | "A" = "TXT"): void {
    this.records[type].delete(name.toLowerCase().replace(/\.$/, ""));
  }

  clear(): void {
    this.records.TXT.clear();
    this.records.A.clear();
  }

  private values(name: string, type: "TXT" | "A"): string[] {
    const key = name.toLowerCase().replace(/\.$/, "");
    if (type === "A" || !this.options.recordsFile) return this.records[type].get(key) ?? [];
    try {
      const all = JSON.parse(readFileSync(this.options.recordsFile, "utf8")) as Record<string, string[]>;
      return Object.entries(all).find(([n]) => n.toLowerCase() === key)?.[1] ?? [];
    } catch {
      return [];
    }
  }

  private answer(query: Buffer): Buffer | null {
    let packet: dnsPacket.DecodedPacket;
    try {
      packet = dnsPacket.decode(query);
    } catch {
      return null;
    }
    const question = packet.questions?.[0];
    if (!question) return null;
    this.questions.push({ name: question.name, type: question.type });
    const txt = this.values(question.name, "TXT");
    const a = this.values(question.name, "A");
    const answers: dnsPacket.Answer[] =
      question.type === "TXT"
        ? txt.map((v) => ({ type: "TXT", name: question.name, ttl: 60, class: "IN", data: chunks(v) }))
        : question.type === "A"
          ? a.map((v) => ({ type: "A", name: question.name, ttl: 60, class: "IN", data: v }))
          : [];
    return dnsPacket.encode({
      type: "response",
      id: packet.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER | (txt.length || a.length ? 0 : NXDOMAIN),
      questions: [question],
      answers,
    });
  }

  async start(): Promise<this> {
    for (let attempt = 0; ; attempt++) {
      const udp = createSocket("udp4");
      await new Promise<void>((resolve, reject) => {
        udp.once("error", reject);
        udp.bind(0, "127.0.0.1", () => resolve());
      });
      const port = udp.address().port;
      const tcp = createServer((socket) => {
        let buffered = Buffer.alloc(0);
        socket.on("data", (data) => {
          buffered = Buffer.concat([buffered, data]);
          while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
            const length = buffered.readUInt16BE(0);
            const reply = this.answer(buffered.subarray(2, 2 + length));
            buffered = buffered.subarray(2 + length);
            if (reply) socket.write(Buffer.concat([Buffer.from([reply.length >> 8, reply.length & 255]), reply]));
          }
        });
        socket.on("error", () => socket.destroy());
      });
      const listening = await new Promise<boolean>((resolve) => {
        tcp.once("error", () => resolve(false));
        tcp.listen(port, "127.0.0.1", () => resolve(true));
      });
      if (!listening) {
        udp.close();
        if (attempt < 10) continue;
        throw new Error("local DNS: no port free for both UDP and TCP");
      }
      udp.on("message", (msg, rinfo) => {
        const reply = this.answer(msg);
        if (reply) udp.send(reply, rinfo.port, rinfo.address);
      });
      this.udp = udp;
      this.tcp = tcp;
      this.port = port;
      return this;
    }
  }

  /** A node:dns Resolver that asks this server only (mailauth's `resolver`: `(name, type) => r.resolve(name, type)`). */
  resolver(): Resolver {
    const resolver = new Resolver({ timeout: 2000, tries: 2 });
    resolver.setServers([this.server]);
    return resolver;
  }

  async stop(): Promise<void> {
    const udp = this.udp;
    const tcp = this.tcp;
    this.udp = null;
    this.tcp = null;
    if (udp) await new Promise<void>((resolve) => udp.close(() => resolve()));
    if (tcp) await new Promise<void>((resolve) => tcp.close(() => resolve()));
  }
}
