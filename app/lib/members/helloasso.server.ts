/**
 * HelloAsso API v5 client (server only), written from HelloAsso's published
 * OpenAPI file (github.com/HelloAsso/helloasso-open-api, `helloasso.json`):
 * the types below are the subset of its schemas the club uses, with the
 * schema names in comments.
 *
 * Rules:
 *  - Configured by HELLOASSO_CLIENT_ID, HELLOASSO_CLIENT_SECRET,
 *    HELLOASSO_ORGANIZATION and HELLOASSO_API_URL (env schema); without the
 *    first three, `helloAssoClient()` is null and the site offers the club's
 *    own payment instructions instead.
 *  - OAuth2 client credentials (`securitySchemes.OAuth2.clientCredentials`):
 *    POST {API base without /v5}/oauth2/token; the token is cached until a
 *    minute before it expires, and asked again once when the API answers 401.
 *  - Every answer is data to check, never to trust blindly: callers compare
 *    the amounts and ids with what the club recorded (registrations.server.ts).
 *  - HelloAsso down, slow (10 s) or answering 5xx: `HelloAssoUnavailable`, so
 *    the caller keeps the registration "en attente de paiement". A 404 is
 *    `HelloAssoNotFound` (an unknown order or intent).
 *  - Amounts are integers in cents, as in the API.
 */
import { env } from "../core/env.server";

/** Enums.PaymentState */
type PaymentState =
  | "Pending"
  | "Authorized"
  | "Refused"
  | "Unknown"
  | "Registered"
  | "Error"
  | "Refunded"
  | "Refunding"
  | "Waiting"
  | "Canceled"
  | "Contested"
  | "WaitingBankValidation"
  | "WaitingBankWithdraw"
  | "Abandoned"
  | "WaitingAuthentication"
  | "AuthorizedPreprod"
  | "Corrected"
  | "Deleted"
  | "Inconsistent"
  | "NoDonation"
  | "Init";

/** Carts.CheckoutTerm: a later instalment. */
interface CheckoutTerm {
  amount: number;
  /** date-time */
  date: string;
}

/** Carts.CheckoutPayer */
interface CheckoutPayer {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  dateOfBirth?: string | null;
  address?: string | null;
  city?: string | null;
  zipCode?: string | null;
  country?: string | null;
  companyName?: string | null;
}

/** Carts.InitCheckoutBody (required: totalAmount, initialAmount, itemName, backUrl, errorUrl, returnUrl, containsDonation). */
export interface InitCheckoutBody {
  /** Must equal initialAmount + the terms' amounts. */
  totalAmount: number;
  initialAmount: number;
  /** 1 to 250 characters. */
  itemName: string;
  backUrl: string;
  errorUrl: string;
  returnUrl: string;
  containsDonation: boolean;
  terms?: CheckoutTerm[] | null;
  payer?: CheckoutPayer;
  /** JSON object, 20,000 characters at most. */
  metadata?: Record<string, unknown> | null;
}

/** Carts.InitCheckoutResponse */
export interface InitCheckoutResponse {
  id: number;
  redirectUrl: string | null;
}

/** Statistics.OrderPayment (the fields used; PaymentDetail has them too). */
interface OrderPayment {
  id: number;
  amount: number;
  date: string;
  state: PaymentState;
  installmentNumber?: number | null;
  paymentMeans?: string;
}

/** Statistics.OrderLight (the fields used). */
interface OrderLight {
  id: number;
  date?: string;
  formSlug?: string | null;
  organizationSlug?: string | null;
  checkoutIntentId?: number | null;
}

/** Statistics.PaymentDetail (GET /payments/{paymentId}; the fields used). */
export interface PaymentDetail extends OrderPayment {
  order?: OrderLight;
}

/** Statistics.OrderAmountModel */
interface OrderAmount {
  total: number;
  vat?: number;
  discount?: number;
}

/** Statistics.Payer (the fields used). */
interface OrderPayer {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** Statistics.OrderDetail / Statistics.Order (the fields used). */
export interface OrderDetail {
  id: number;
  date: string;
  amount: OrderAmount;
  payments?: OrderPayment[] | null;
  payer?: OrderPayer;
  formSlug?: string | null;
  formType?: string;
  organizationSlug?: string | null;
  checkoutIntentId?: number | null;
}

/** Carts.CheckoutIntentResponse: `order` only once the payment is authorised. */
export interface CheckoutIntentResponse {
  id: number;
  redirectUrl: string | null;
  metadata?: Record<string, unknown> | null;
  order?: OrderDetail | null;
}

/** Common.ResultsWithPaginationModel<Order> */
interface OrdersPage {
  data: OrderDetail[] | null;
  pagination: {
    pageSize: number;
    totalCount: number;
    pageIndex: number;
    totalPages: number;
    continuationToken?: string | null;
  };
}

/** HelloAsso did not answer usefully (network, timeout, 5xx, 401 after a new token). */
export class HelloAssoUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "HelloAssoUnavailable";
  }
}

/** The API answered 404 (unknown order or checkout intent). */
export class HelloAssoNotFound extends Error {
  constructor(message: string) {
    super(message);
    this.name = "HelloAssoNotFound";
  }
}

/** The API refused the request (400, 403…): a bug or a configuration error, never retried. */
export class HelloAssoRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(message);
    this.name = "HelloAssoRefused";
  }
}

interface HelloAssoConfig {
  /** e.g. https://api.helloasso.com/v5 */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  organization: string;
  /** Milliseconds before a request is given up (default 10 s). */
  timeoutMs?: number;
  /** Clock for the token's expiry (tests). */
  now?: () => number;
}

/** The token endpoint: the API URL's base without the version path. */
export function tokenUrlFor(apiUrl: string): string {
  return apiUrl.replace(/\/+$/, "").replace(/\/v5$/, "") + "/oauth2/token";
}

export class HelloAssoClient {
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;
  readonly organization: string;
  private readonly api: string;

  constructor(private readonly config: HelloAssoConfig) {
    this.organization = config.organization;
    this.api = config.apiUrl.replace(/\/+$/, "");
  }

  private now(): number {
    return this.config.now ? this.config.now() : Date.now();
  }

  private async send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.config.timeoutMs ?? 10_000) });
    } catch (cause) {
      throw new HelloAssoUnavailable("HelloAsso ne répond pas.", { cause });
    }
  }

  private async fetchToken(): Promise<string> {
    const res = await this.send(tokenUrlFor(this.api), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({
        grant_type: "client_credentials",
        client_id: this.config.clientId,
        client_secret: this.config.clientSecret,
      }),
    });
    if (!res.ok) {
      const body = await res.text().catch(() => "");
      if (res.status >= 500) throw new HelloAssoUnavailable(`HelloAsso : jeton refusé (${res.status}).`);
      throw new HelloAssoRefused(`HelloAsso : identifiants refusés (${res.status}).`, res.status, body);
    }
    const json = (await res.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof json.access_token !== "string")
      throw new HelloAssoUnavailable("HelloAsso : réponse de jeton illisible.");
    const seconds = typeof json.expires_in === "number" ? json.expires_in : 1800;
    this.token = { value: json.access_token, expiresAt: this.now() + Math.max(0, seconds - 60) * 1000 };
    return json.access_token;
  }

  /** The cached access token, or a new one (one request at a time). */
  async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > this.now()) return this.token.value;
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const res = await this.send(this.api + path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status === 401 && attempt === 0) {
        this.token = null;
        continue;
      }
      if (res.status === 404) throw new HelloAssoNotFound(`HelloAsso : ${path} introuvable.`);
      if (res.status >= 500 || res.status === 401 || res.status === 429) {
        throw new HelloAssoUnavailable(`HelloAsso indisponible (${res.status}).`);
      }
      if (!res.ok) {
        const text = await res.text().catch(() => "");
        throw new HelloAssoRefused(`HelloAsso a refusé la demande (${res.status}).`, res.status, text);
      }
      try {
        return (await res.json()) as T;
      } catch (cause) {
        throw new HelloAssoUnavailable("HelloAsso : réponse illisible.", { cause });
      }
    }
  }

  private orgPath(): string {
    return `/organizations/${encodeURIComponent(this.organization)}`;
  }

  /** POST /v5/organizations/{organizationSlug}/checkout-intents */
  createCheckoutIntent(body: InitCheckoutBody): Promise<InitCheckoutResponse> {
    return this.call("POST", `${this.orgPath()}/checkout-intents`, body);
  }

  /** GET /v5/organizations/{organizationSlug}/checkout-intents/{checkoutIntentId} */
  getCheckoutIntent(id: number): Promise<CheckoutIntentResponse> {
    return this.call("GET", `${this.orgPath()}/checkout-intents/${encodeURIComponent(String(id))}`);
  }

  /** GET /v5/orders/{orderId} */
  getOrder(orderId: number): Promise<OrderDetail> {
    return this.call("GET", `/orders/${encodeURIComponent(String(orderId))}`);
  }

  /** GET /v5/payments/{paymentId} */
  getPayment(paymentId: number): Promise<PaymentDetail> {
    return this.call("GET", `/payments/${encodeURIComponent(String(paymentId))}`);
  }

  /** GET /v5/organizations/{organizationSlug}/orders?formTypes=Checkout&from=…: every page. */
  async listCheckoutOrders(from: Date): Promise<OrderDetail[]> {
    const all: OrderDetail[] = [];
    for (let pageIndex = 1; pageIndex <= 50; pageIndex++) {
      const query = new URLSearchParams({
        formTypes: "Checkout",
        from: from.toISOString(),
        pageIndex: String(pageIndex),
        pageSize: "100",
        sortOrder: "Asc",
      });
      const page = await this.call<OrdersPage>("GET", `${this.orgPath()}/orders?${query}`);
      all.push(...(page.data ?? []));
      if (!page.pagination || pageIndex >= page.pagination.totalPages) break;
    }
    return all;
  }
}

let cached: { key: string; client: HelloAssoClient } | null = null;

/** The client configured by the environment, or null when HelloAsso is not set up. */
export function helloAssoClient(): HelloAssoClient | null {
  const e = env();
  if (!e.HELLOASSO_CLIENT_ID || !e.HELLOASSO_CLIENT_SECRET || !e.HELLOASSO_ORGANIZATION) return null;
  const key = [e.HELLOASSO_API_URL, e.HELLOASSO_CLIENT_ID, e.HELLOASSO_CLIENT_SECRET, e.HELLOASSO_ORGANIZATION].join(
    "\n",
  );
  if (cached?.key !== key) {
    cached = {
      key,
      client: new HelloAssoClient({
        apiUrl: e.HELLOASSO_API_URL,
        clientId: e.HELLOASSO_CLIENT_ID,
        clientSecret: e.HELLOASSO_CLIENT_SECRET,
        organization: e.HELLOASSO_ORGANIZATION,
      }),
    };
  }
  return cached.client;
}

/**
 * True when HelloAsso says the payment is made: `Authorized` only (future
 * instalments are `Registered` or `Pending`; refunds, refusals… are not paid;
 * payment-schedule.ts reads every state).
 */
export function isPaidState(state: string | undefined): boolean {
  return state === "Authorized";
}
