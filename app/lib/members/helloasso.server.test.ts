/**
 * The HelloAsso client over real HTTP against the local HelloAsso server
 * (tests/helpers/local-helloasso.ts): OAuth2 client credentials and the token
 * cache (fake clock), checkout intents with instalments, orders, the
 * organisation's orders by page, and HelloAsso down.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LOCAL_CLIENT_ID,
  LOCAL_CLIENT_SECRET,
  LOCAL_ORGANIZATION,
  LocalHelloAsso,
} from "../../../tests/helpers/local-helloasso";
import {
  HelloAssoClient,
  HelloAssoNotFound,
  HelloAssoRefused,
  HelloAssoUnavailable,
  tokenUrlFor,
  type InitCheckoutBody,
} from "./helloasso.server";

const ha = new LocalHelloAsso();
let clock = 0;

function client(overrides: Partial<ConstructorParameters<typeof HelloAssoClient>[0]> = {}) {
  return new HelloAssoClient({
    apiUrl: ha.apiUrl,
    clientId: LOCAL_CLIENT_ID,
    clientSecret: LOCAL_CLIENT_SECRET,
    organization: LOCAL_ORGANIZATION,
    now: () => clock,
    ...overrides,
  });
}

const body = (over: Partial<InitCheckoutBody> = {}): InitCheckoutBody => ({
  totalAmount: 30000,
  initialAmount: 10000,
  terms: [
    { amount: 10000, date: "2026-10-10T00:00:00Z" },
    { amount: 10000, date: "2026-11-10T00:00:00Z" },
  ],
  itemName: "Inscription 2026-2027",
  backUrl: "http://localhost:3000/retour",
  errorUrl: "http://localhost:3000/erreur",
  returnUrl: "http://localhost:3000/merci",
  containsDonation: false,
  payer: { firstName: "Lan", lastName: "Nguyen", email: "lan@example.org" },
  metadata: { registrationId: 12 },
  ...over,
});

beforeAll(async () => {
  await ha.start();
});
afterAll(async () => {
  await ha.stop();
});

describe("HelloAsso client", () => {
  it("derives the token URL from the API URL's base", () => {
    expect(tokenUrlFor("https://api.helloasso.com/v5")).toBe("https://api.helloasso.com/oauth2/token");
    expect(tokenUrlFor("https://api.helloasso-sandbox.com/v5/")).toBe("https://api.helloasso-sandbox.com/oauth2/token");
  });

  it("asks for a token once and reuses it until a minute before it expires", async () => {
    const c = client();
    const before = ha.tokenRequests();
    await c.getCheckoutIntent((await c.createCheckoutIntent(body())).id);
    await c.accessToken();
    expect(ha.tokenRequests() - before).toBe(1);
    clock += (ha.tokenLifetime - 61) * 1000;
    await c.accessToken();
    expect(ha.tokenRequests() - before).toBe(1);
    clock += 2000;
    await c.accessToken();
    expect(ha.tokenRequests() - before).toBe(2);
  });

  it("asks for a new token once when the API answers 401", async () => {
    const c = client();
    await c.accessToken();
    ha.expireTokens();
    const before = ha.tokenRequests();
    const created = await c.createCheckoutIntent(body());
    expect(created.id).toBeGreaterThan(0);
    expect(ha.tokenRequests() - before).toBe(1);
  });

  it("creates a checkout intent in cents with its instalments, payer and metadata", async () => {
    const c = client();
    const created = await c.createCheckoutIntent(body());
    expect(created.redirectUrl).toBe(`${ha.url}/paiement/${created.id}`);
    const stored = ha.intents.get(created.id)!.body;
    expect(stored).toMatchObject({
      totalAmount: 30000,
      initialAmount: 10000,
      metadata: { registrationId: 12 },
      payer: { email: "lan@example.org" },
    });
    // Not paid yet: the intent has no order.
    const intent = await c.getCheckoutIntent(created.id);
    expect(intent.order).toBeUndefined();
    expect(intent.metadata).toEqual({ registrationId: 12 });
    // Paid: the order carries the first instalment Authorized, the later ones Registered.
    const order = ha.pay(created.id);
    const after = await c.getCheckoutIntent(created.id);
    expect(after.order?.id).toBe(order.id);
    const detail = await c.getOrder(order.id);
    expect(detail.amount.total).toBe(30000);
    expect(detail.checkoutIntentId).toBe(created.id);
    expect(detail.payments?.map((p) => [p.installmentNumber, p.amount, p.state])).toEqual([
      [1, 10000, "Authorized"],
      [2, 10000, "Registered"],
      [3, 10000, "Registered"],
    ]);
  });

  it("is refused when the instalments do not add up to the total", async () => {
    await expect(client().createCheckoutIntent(body({ totalAmount: 29999 }))).rejects.toBeInstanceOf(HelloAssoRefused);
  });

  it("reports an unknown order as not found", async () => {
    await expect(client().getOrder(999_999)).rejects.toBeInstanceOf(HelloAssoNotFound);
  });

  it("reports wrong credentials as refused, not as unavailable", async () => {
    await expect(client({ clientSecret: "wrong" }).accessToken()).rejects.toBeInstanceOf(HelloAssoRefused);
  });

  it("lists the organisation's checkout orders page by page", async () => {
    const c = client();
    for (let i = 0; i < 3; i++) ha.outsideOrder(5000 + i);
    const orders = await c.listCheckoutOrders(new Date("2026-01-01T00:00:00Z"));
    expect(orders.length).toBe(ha.orders.size);
    expect(new Set(orders.map((o) => o.id)).size).toBe(orders.length);
  });

  it("reports HelloAsso down (5xx or no answer) as unavailable", async () => {
    const c = client();
    ha.down = true;
    try {
      await expect(c.getOrder(1)).rejects.toBeInstanceOf(HelloAssoUnavailable);
    } finally {
      ha.down = false;
    }
    const nobody = client({ apiUrl: "http://127.0.0.1:9/v5", timeoutMs: 2000 });
    await expect(nobody.getOrder(1)).rejects.toBeInstanceOf(HelloAssoUnavailable);
  });
});
