/**
 * Test helper: a local HelloAsso API v5 (node:http), implementing the
 * documented endpoints the club uses, with the shapes of HelloAsso's OpenAPI
 * file (helloasso.json):
 *   POST /oauth2/token                                            (client credentials)
 *   POST /v5/organizations/{slug}/checkout-intents                 (Carts.InitCheckoutBody → InitCheckoutResponse)
 *   GET  /v5/organizations/{slug}/checkout-intents/{id}            (Carts.CheckoutIntentResponse, `order` once paid)
 *   GET  /v5/orders/{orderId}                                      (Statistics.OrderDetail)
 *   GET  /v5/payments/{paymentId}                                  (Statistics.PaymentDetail)
 *   GET  /v5/organizations/{slug}/orders?formTypes=Checkout&from=…  (ResultsWithPaginationModel<Order>)
 * plus, for the browser tests, the payment page a `redirectUrl` points to
 * (GET/POST /paiement/{id}): « Payer » pays and sends the payer to
 * `returnUrl` (?checkoutIntentId&code=succeeded&orderId), « Carte refusée »
 * sends them to `errorUrl` (?checkoutIntentId&error=…) or, with
 * `refusedTo = "return"`, to `returnUrl` with code=refused (HelloAsso's
 * documentation allows both readings), « Retour » to `backUrl`.
 *
 * Test controls: `pay()` turns an intent into an order (first instalment
 * Authorized, later ones Registered), `setPaymentState()` makes an
 * instalment Authorized, Refused, Refunded, Canceled… (Enums.PaymentState),
 * `listing = "attempted"` lists in an order only the payments already
 * attempted (the other reading of OrderDetail.payments), `notify()` POSTs a
 * notification body as HelloAsso does ({ eventType, data, metadata },
 * ApiNotificationType "Order" or "Payment", `notificationBody(order,
 * "Payment", n)` for instalment n), `down` answers 503 everywhere,
 * `requests` logs every API call. Started on port 0 by the tests; never a
 * mocked fetch.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const LOCAL_CLIENT_ID = "club-helloasso-id";
export const LOCAL_CLIENT_SECRET = "club-helloasso-secret";
export const LOCAL_ORGANIZATION = "vovinam-club-test";

interface Intent {
  id: number;
  body: Record<string, unknown> & {
    totalAmount: number;
    initialAmount: number;
    terms?: { amount: number; date: string }[] | null;
    returnUrl: string;
    backUrl: string;
    errorUrl: string;
    metadata?: unknown;
  };
  orderId: number | null;
}

export interface LocalOrder {
  id: number;
  date: string;
  amount: { total: number; vat: number; discount: number };
  payments: {
    id: number;
    amount: number;
    date: string;
    state: string;
    installmentNumber: number;
    paymentMeans: string;
    type: string;
  }[];
  payer: { email: string | null; firstName: string | null; lastName: string | null };
  items: { id: number; amount: number; name: string; type: string; state: string }[];
  formSlug: string;
  formType: "Checkout";
  organizationSlug: string;
  organizationName: string;
  checkoutIntentId: number | null;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let s = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (s += c));
    req.on("end", () => resolve(s));
    req.on("error", reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(body === undefined ? "" : JSON.stringify(body));
}

/** Why an InitCheckoutBody is refused (HelloAsso answers 400), or null. */
function checkInitBody(b: Record<string, unknown>): string | null {
  for (const k of [
    "backUrl",
    "errorUrl",
    "initialAmount",
    "itemName",
    "returnUrl",
    "totalAmount",
    "containsDonation",
  ]) {
    if (b[k] === undefined || b[k] === null || b[k] === "") return `${k} is required`;
  }
  if (!Number.isInteger(b.totalAmount) || !Number.isInteger(b.initialAmount)) return "amounts must be integers (cents)";
  const name = b.itemName as string;
  if (typeof name !== "string" || name.length > 250) return "itemName must be 1 to 250 characters";
  const terms = (b.terms ?? []) as { amount: number; date: string }[];
  if (!Array.isArray(terms)) return "terms must be an array";
  const sum = (b.initialAmount as number) + terms.reduce((s, t) => s + t.amount, 0);
  if (sum !== b.totalAmount) return "totalAmount must be equal to the sum of the initial amount and subsequent terms";
  if (b.metadata !== undefined && b.metadata !== null && JSON.stringify(b.metadata).length > 20000)
    return "metadata too long";
  const allowed = new Set([
    "totalAmount",
    "initialAmount",
    "itemName",
    "backUrl",
    "errorUrl",
    "returnUrl",
    "containsDonation",
    "terms",
    "payer",
    "metadata",
    "paymentOptions",
  ]);
  for (const k of Object.keys(b)) if (!allowed.has(k)) return `unknown property ${k}`;
  return null;
}

export class LocalHelloAsso {
  private server: Server | null = null;
  url = "";
  /** Every API request: "POST /oauth2/token", "GET /v5/orders/3"… */
  readonly requests: string[] = [];
  /** 503 on every endpoint while true (HelloAsso down). */
  down = false;
  readonly intents = new Map<number, Intent>();
  readonly orders = new Map<number, LocalOrder>();
  private tokens = new Map<string, number>();
  private nextId = 1000;
  /** Seconds of validity of the tokens handed out. */
  tokenLifetime = 1800;
  /** "all": an order lists every term from the start (later ones Registered); "attempted": only those attempted. */
  listing: "all" | "attempted" = "all";
  /** Where « Carte refusée » sends the payer: the errorUrl, or the returnUrl with code=refused. */
  refusedTo: "error" | "return" = "error";
  /** Clock of the orders' dates. */
  now: () => Date = () => new Date("2026-09-10T10:00:00Z");

  get apiUrl(): string {
    return `${this.url}/v5`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => json(res, 500, { message: String(err) }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }

  /** Forgets every token: the next API call answers 401 (expired token). */
  expireTokens() {
    this.tokens.clear();
  }

  tokenRequests(): number {
    return this.requests.filter((r) => r === "POST /oauth2/token").length;
  }

  /**
   * The payer pays intent `id`: an order with the first instalment in
   * `state` (Authorized by default) and the later terms Registered.
   */
  pay(id: number, options: { state?: string; payer?: Partial<LocalOrder["payer"]>; total?: number } = {}): LocalOrder {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`no checkout intent ${id}`);
    if (intent.orderId !== null) return this.orders.get(intent.orderId)!;
    const payer = (intent.body.payer ?? {}) as Record<string, string | null>;
    const order = this.makeOrder({
      total: options.total ?? intent.body.totalAmount,
      amounts: [intent.body.initialAmount, ...(intent.body.terms ?? []).map((t) => t.amount)],
      dates: (intent.body.terms ?? []).map((t) => t.date),
      state: options.state ?? "Authorized",
      payer: {
        email: payer.email ?? null,
        firstName: payer.firstName ?? null,
        lastName: payer.lastName ?? null,
        ...options.payer,
      },
      checkoutIntentId: id,
      itemName: String(intent.body.itemName),
    });
    intent.orderId = order.id;
    return order;
  }

  /** An order made outside the club's flow (a payment page shared by hand): no checkout intent. */
  outsideOrder(total: number, payer: Partial<LocalOrder["payer"]> = {}): LocalOrder {
    return this.makeOrder({
      total,
      amounts: [total],
      state: "Authorized",
      payer: { email: null, firstName: null, lastName: null, ...payer },
      checkoutIntentId: null,
      itemName: "Adhésion",
    });
  }

  private makeOrder(o: {
    total: number;
    amounts: number[];
    dates?: string[];
    state: string;
    payer: LocalOrder["payer"];
    checkoutIntentId: number | null;
    itemName: string;
  }): LocalOrder {
    const date = this.now().toISOString();
    const order: LocalOrder = {
      id: this.nextId++,
      date,
      amount: { total: o.total, vat: 0, discount: 0 },
      payments: o.amounts.map((amount, i) => ({
        id: this.nextId++,
        amount,
        date: i === 0 ? date : (o.dates?.[i - 1] ?? date),
        state: i === 0 ? o.state : "Registered",
        installmentNumber: i + 1,
        paymentMeans: "Card",
        type: "Offline" === o.state ? "Offline" : "Payment",
      })),
      payer: o.payer,
      items: [{ id: this.nextId++, amount: o.total, name: o.itemName, type: "Payment", state: "Processed" }],
      formSlug: "default",
      formType: "Checkout",
      organizationSlug: LOCAL_ORGANIZATION,
      organizationName: "Club de test",
      checkoutIntentId: o.checkoutIntentId,
    };
    this.orders.set(order.id, order);
    return order;
  }

  /** Sets the state of an order's payment (later instalment Authorized or Refused, refund, cancel…). */
  setPaymentState(orderId: number, installmentNumber: number, state: string) {
    const p = this.orders.get(orderId)?.payments.find((x) => x.installmentNumber === installmentNumber);
    if (!p) throw new Error("no such payment");
    p.state = state;
  }

  /** The order as the API lists it (`listing`). */
  private listed(order: LocalOrder): LocalOrder {
    if (this.listing === "all") return order;
    return { ...order, payments: order.payments.filter((p) => p.state !== "Registered") };
  }

  /** Statistics.PaymentDetail of a payment of one of the orders. */
  paymentDetail(paymentId: number): Record<string, unknown> | null {
    for (const order of this.orders.values()) {
      const payment = order.payments.find((p) => p.id === paymentId);
      if (payment) {
        return {
          ...payment,
          order: {
            id: order.id,
            date: order.date,
            formSlug: order.formSlug,
            formType: order.formType,
            organizationSlug: order.organizationSlug,
            checkoutIntentId: order.checkoutIntentId,
          },
          payer: order.payer,
        };
      }
    }
    return null;
  }

  /**
   * The notification body HelloAsso POSTs for an order (eventType "Order") or
   * a payment ("Payment", instalment `installmentNumber`, the first by default).
   */
  notificationBody(
    order: LocalOrder,
    eventType: "Order" | "Payment" = "Order",
    installmentNumber = 1,
  ): Record<string, unknown> {
    const intent = order.checkoutIntentId ? this.intents.get(order.checkoutIntentId) : undefined;
    const metadata = intent?.body.metadata ?? null;
    if (eventType === "Order") return { eventType, data: this.listed(order), metadata };
    const payment = order.payments.find((p) => p.installmentNumber === installmentNumber)!;
    return { eventType, data: this.paymentDetail(payment.id), metadata };
  }

  /** POSTs a notification to the site, as HelloAsso does. */
  async notify(target: string, body: unknown): Promise<Response> {
    return fetch(target, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  private authorised(req: IncomingMessage): boolean {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const expires = token ? this.tokens.get(token) : undefined;
    return expires !== undefined && expires > Date.now();
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", this.url);
    const path = url.pathname;
    const isPage = path.startsWith("/paiement/");
    if (!isPage) this.requests.push(`${req.method} ${path}`);
    if (this.down) return json(res, 503, { message: "Service Unavailable" });

    if (req.method === "POST" && path === "/oauth2/token") {
      const form = new URLSearchParams(await readBody(req));
      if (form.get("grant_type") !== "client_credentials") return json(res, 400, { error: "unsupported_grant_type" });
      if (form.get("client_id") !== LOCAL_CLIENT_ID || form.get("client_secret") !== LOCAL_CLIENT_SECRET) {
        return json(res, 400, { error: "invalid_client" });
      }
      const token = `tok-${this.nextId++}-${Math.random().toString(36).slice(2)}`;
      this.tokens.set(token, Date.now() + this.tokenLifetime * 1000);
      return json(res, 200, {
        access_token: token,
        token_type: "bearer",
        expires_in: this.tokenLifetime,
        refresh_token: `r-${token}`,
      });
    }

    if (isPage) return this.paymentPage(req, res, Number(path.split("/")[2]));

    if (!path.startsWith("/v5/")) return json(res, 404, { message: "Not found" });
    if (!this.authorised(req)) return json(res, 401, { message: "Unauthorized" });

    const orgPrefix = `/v5/organizations/${LOCAL_ORGANIZATION}`;
    if (req.method === "POST" && path === `${orgPrefix}/checkout-intents`) {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      } catch {
        return json(res, 400, { errors: [{ message: "invalid JSON" }] });
      }
      const problem = checkInitBody(body);
      if (problem) return json(res, 400, { errors: [{ code: "ArgumentInvalid", message: problem }] });
      const id = this.nextId++;
      this.intents.set(id, { id, body: body as Intent["body"], orderId: null });
      return json(res, 200, { id, redirectUrl: `${this.url}/paiement/${id}` });
    }
    const intentMatch = new RegExp(`^${orgPrefix}/checkout-intents/(\\d+)$`).exec(path);
    if (req.method === "GET" && intentMatch) {
      const intent = this.intents.get(Number(intentMatch[1]));
      if (!intent) return json(res, 404, { message: "Not found" });
      const order = intent.orderId !== null ? this.orders.get(intent.orderId) : undefined;
      return json(res, 200, {
        id: intent.id,
        redirectUrl: `${this.url}/paiement/${intent.id}`,
        metadata: intent.body.metadata ?? null,
        ...(order && order.payments[0]?.state === "Authorized" ? { order: this.listed(order) } : {}),
      });
    }
    const orderMatch = /^\/v5\/orders\/(\d+)$/.exec(path);
    if (req.method === "GET" && orderMatch) {
      const order = this.orders.get(Number(orderMatch[1]));
      return order ? json(res, 200, this.listed(order)) : json(res, 404, { message: "Not found" });
    }
    const paymentMatch = /^\/v5\/payments\/(\d+)$/.exec(path);
    if (req.method === "GET" && paymentMatch) {
      const payment = this.paymentDetail(Number(paymentMatch[1]));
      return payment ? json(res, 200, payment) : json(res, 404, { message: "Not found" });
    }
    if (req.method === "GET" && path === `${orgPrefix}/orders`) {
      const from = url.searchParams.get("from");
      const pageSize = Number(url.searchParams.get("pageSize") ?? 20);
      const pageIndex = Number(url.searchParams.get("pageIndex") ?? 1);
      const all = [...this.orders.values()].filter((o) => !from || o.date >= new Date(from).toISOString());
      const data = all.slice((pageIndex - 1) * pageSize, pageIndex * pageSize).map((o) => this.listed(o));
      return json(res, 200, {
        data,
        pagination: {
          pageSize,
          totalCount: all.length,
          pageIndex,
          totalPages: Math.max(1, Math.ceil(all.length / pageSize)),
        },
      });
    }
    return json(res, 404, { message: "Not found" });
  }

  /** The checkout page of the browser tests: « Payer » pays and returns to the site. */
  private async paymentPage(req: IncomingMessage, res: ServerResponse, id: number) {
    const intent = this.intents.get(id);
    if (!intent) return json(res, 404, { message: "Not found" });
    if (req.method === "POST" && new URLSearchParams(await readBody(req)).get("choix") === "refuser") {
      const target = new URL(this.refusedTo === "error" ? intent.body.errorUrl : intent.body.returnUrl);
      target.searchParams.set("checkoutIntentId", String(id));
      if (this.refusedTo === "error") target.searchParams.set("error", "Paiement refusé");
      else target.searchParams.set("code", "refused");
      res.writeHead(303, { location: target.toString() });
      return res.end();
    }
    if (req.method === "POST") {
      const order = this.pay(id);
      const target = new URL(intent.body.returnUrl);
      target.searchParams.set("checkoutIntentId", String(id));
      target.searchParams.set("code", "succeeded");
      target.searchParams.set("orderId", String(order.id));
      res.writeHead(303, { location: target.toString() });
      return res.end();
    }
    const euros = (intent.body.totalAmount / 100).toFixed(2).replace(".", ",");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>HelloAsso (test)</title></head>
<body><main><h1>Paiement HelloAsso (serveur de test)</h1><p>Montant : ${euros} €</p>
<form method="post"><button type="submit">Payer</button></form>
<form method="post"><input type="hidden" name="choix" value="refuser"><button type="submit">Carte refusée</button></form>
<p><a href="${intent.body.backUrl}">Retour</a></p></main></body></html>`);
  }
}
