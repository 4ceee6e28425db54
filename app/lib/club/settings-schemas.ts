/**
 * Club settings, what they are: every club-specific fact the public pages show
 * (identity, schedule, prices, equipment, donation, legal notice, membership
 * rules), one Zod schema per key (`settingsSchemas`) and the defaults.
 *
 * Rules:
 *  - The defaults are the seed values an admin edits later. A default never
 *    invents a fact (phone, RNA, host, president…) nor holds another club's
 *    (name, venue, address, transport, schedule, prices, equipment,
 *    donation page, federation): what the club has not given stays empty, is
 *    hidden on public pages and is listed by settings-to-fill.server.ts.
 *    Only generic values stay (season start month, the medical
 *    rules of the law, the number of trial classes).
 *  - A schema accepts the empty value a default holds; the admin's forms
 *    (settings-admin.server.ts, the setup page) require what a public page
 *    needs.
 *  - A stored value that no longer matches its schema reads as the default
 *    (settings.server.ts, which reads, writes and caches them).
 */
import { z } from "zod";
import { classCalendarSchema, defaultClassCalendar } from "./class-calendar";

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Heure au format HH:MM");

export const settingsSchemas = {
  identity: z.object({
    // Empty until the club enters it (setup page, identity settings page).
    clubName: z.string(),
    shortName: z.string(),
    associationName: z.string(),
    sportsComplex: z.string(),
    street: z.string(),
    postalCode: z.string().regex(/^(\d{5})?$/, "Code postal à 5 chiffres"),
    city: z.string(),
    phone: z.string(),
    email: z.email().or(z.literal("")),
    facebookUrl: z.url().or(z.literal("")),
    instagramUrl: z.url().or(z.literal("")),
    mapUrl: z.url().or(z.literal("")),
    /** How to get there, one line per means of transport. */
    transport: z.array(z.string()),
    parking: z.string(),
  }),
  schedule: z.array(
    z.object({
      id: z.string(),
      /** 1 = lundi … 7 = dimanche */
      day: z.number().int().min(1).max(7),
      start: time,
      end: time,
      group: z.string().min(1),
      level: z.string(),
      place: z.string(),
    }),
  ),
  prices: z.object({
    season: z.string(),
    items: z.array(
      z.object({
        id: z.string(),
        group: z.string().min(1),
        description: z.string(),
        /** Euros, licence included. */
        amount: z.number().nonnegative(),
      }),
    ),
    notes: z.array(z.string()),
  }),
  equipment: z.array(
    z.object({
      id: z.string(),
      name: z.string().min(1),
      description: z.string(),
      required: z.boolean(),
      price: z.string(),
    }),
  ),
  donation: z.object({
    /** Public HelloAsso donation page (https://www.helloasso.com/associations/…/formulaires/…). */
    helloAssoUrl: z.url().or(z.literal("")),
    /** Embeddable widget of that form (…/widget), or empty to show only the link. */
    helloAssoWidgetUrl: z.url().or(z.literal("")),
    /**
     * The club may issue tax receipts (« intérêt général », Cerfa 11580):
     * only then does the donation page promise the 66 % reduction. Absent from
     * older rows: not said (null), like a new club.
     */
    taxReceipts: z.boolean().nullable().default(null),
    /** Optional reference of the tax office's ruling (rescrit fiscal). */
    rescrit: z.string().default(""),
  }),
  legal: z.object({
    president: z.string(),
    publicationDirector: z.string(),
    headOffice: z.string(),
    rna: z.string(),
    siret: z.string(),
    federation: z.string(),
    hostName: z.string(),
    hostAddress: z.string(),
    hostPhone: z.string(),
  }),
  membership: z.object({
    /** Month (1-12) the season starts. */
    seasonStartMonth: z.number().int().min(1).max(12),
    /** Seasons a medical certificate stays valid for adults. */
    certificateValiditySeasons: z.number().int().min(1).max(5),
    trialClasses: z.number().int().min(0).max(5),
    /** Trial visitors booked at most per session; null: no limit. Absent from older rows: 3. */
    trialVisitorsPerSession: z.number().int().min(1).max(50).nullable().default(3),
  }),
  /** The club brochure (one PDF of the media table), shown in the member area. */
  brochure: z.object({
    mediaId: z.number().int().nullable(),
    title: z.string(),
  }),
  /** Banner images chosen by the admins: section path prefix ("/" = default) -> image media id. */
  banners: z.record(z.string().regex(/^\/[a-z0-9/-]*$/), z.number().int().positive()),
  /**
   * The mail server set in the browser (setup page, operations page), used when
   * SMTP_URL is not set (app/lib/mail/mail-config.server.ts). The password is
   * stored but never sent back to a page nor logged.
   */
  mail: z.object({
    host: z.string(),
    port: z.number().int().min(1).max(65535),
    secure: z.boolean(),
    user: z.string(),
    password: z.string(),
    from: z.string(),
  }),
  /** Seasons for which a manager turned the reminder e-mails on (none at install: nothing is sent). */
  reminders: z.object({ seasons: z.array(z.string()) }),
  /** Per manager (user id): new pré-inscriptions and RGPD deletion requests by e-mail, "immediat" when absent. */
  managerNotifications: z.record(z.string(), z.enum(["immediat", "quotidien", "jamais"])),
  /** Season of the weekly classes, school-holiday zone and periods (app/lib/club/class-calendar.ts). */
  classCalendar: classCalendarSchema,
  /** The teachers shown on /la-vie-du-club/enseignants (none: the page and its link are hidden). */
  teachers: z.array(
    z.object({
      id: z.string(),
      name: z.string().min(1),
      grade: z.string().min(1),
      diploma: z.string(),
      text: z.string(),
      /** Ids of the weekly classes (schedule setting) they teach. */
      classIds: z.array(z.string()),
      /** A photo of the photos table (its consent recorded there), or null. */
      photoId: z.number().int().positive().nullable(),
    }),
  ),
  /** The season's registration campaign: opened and closed by the managers. */
  campaign: z.object({
    /** Season the campaign registers for ("2026-2027"). */
    season: z.string().regex(/^\d{4}-\d{4}$/),
    open: z.boolean(),
    /** Yearly price per group of the weekly classes (schedule setting), in cents. */
    prices: z.array(z.object({ group: z.string().min(1), amountCents: z.number().int().min(0) })),
    /** Family discount: from the n-th member registered (most expensive first), percent off. */
    familyDiscounts: z.array(
      z.object({ fromMember: z.number().int().min(2).max(10), percent: z.number().int().min(0).max(100) }),
    ),
    /** Aid codes deducted from a member's price (Pass'Sport…), checked by a manager. */
    aids: z.array(
      z.object({
        code: z.string().min(1).max(40),
        label: z.string().min(1),
        amountCents: z.number().int().min(0),
        /** Who may claim it, shown to the family that declares it. */
        rules: z.string().max(2000).optional(),
        /** The season whose amount the treasurer confirmed; any other season: « à confirmer », not offered. */
        confirmedFor: z.string().optional(),
      }),
    ),
    maxInstalments: z.number().int().min(1).max(3),
    /** Version of the club rules: a new version asks every family to accept again. */
    rulesVersion: z.string().min(1).max(40),
    /** How to pay without HelloAsso (cheque, transfer…), one line each. */
    paymentInstructions: z.array(z.string()),
  }),
  /** Medical rules of the federation: compliance is computed from them. */
  medical: z.object({
    certificateValidityYears: z.number().int().min(1).max(5),
    questionnaireYearly: z.boolean(),
    minorsAttestation: z.boolean(),
    competitorYearlyCertificate: z.boolean(),
  }),
  /**
   * What every grade exam requires besides each grade's rules, each
   * switched off by the managers of the exams: a registration for the exam's
   * season, a medical file in order for it (the `medical` rules).
   */
  examEligibility: z.object({ requireRegistration: z.boolean(), requireMedical: z.boolean() }),
  /** Where uploaded files are kept: the data folder, or PostgreSQL (several machines; content/storage.server.ts). */
  uploadsStorage: z.enum(["dossier", "postgres"]),
} as const;

export type SettingKey = keyof typeof settingsSchemas;
export type Settings = { [K in SettingKey]: z.infer<(typeof settingsSchemas)[K]> };

export const defaultSettings: Settings = {
  // Every fact of a club is empty until the club enters it (never another club's).
  identity: {
    clubName: "",
    shortName: "",
    associationName: "",
    sportsComplex: "",
    street: "",
    postalCode: "",
    city: "",
    phone: "",
    email: "",
    facebookUrl: "",
    instagramUrl: "",
    mapUrl: "",
    transport: [],
    parking: "",
  },
  // Unpublished until entered: the public pages say the hours will be published.
  schedule: [],
  prices: { season: "", items: [], notes: [] },
  equipment: [],
  donation: { helloAssoUrl: "", helloAssoWidgetUrl: "", taxReceipts: null, rescrit: "" },
  legal: {
    president: "",
    publicationDirector: "",
    headOffice: "",
    rna: "",
    siret: "",
    federation: "",
    hostName: "",
    hostAddress: "",
    hostPhone: "",
  },
  membership: {
    seasonStartMonth: 9,
    certificateValiditySeasons: 3,
    trialClasses: 2,
    trialVisitorsPerSession: 3,
  },
  brochure: {
    mediaId: null,
    title: "Brochure du club",
  },
  banners: {},
  mail: { host: "", port: 587, secure: false, user: "", password: "", from: "" },
  reminders: { seasons: [] },
  managerNotifications: {},
  classCalendar: defaultClassCalendar(),
  // Never made-up names: the club enters its own teachers.
  teachers: [],
  campaign: {
    season: "2026-2027",
    open: false,
    // The groups and their prices are the club's: entered on the campaign page.
    prices: [],
    // A family discount is the club's decision: none until the treasurer sets one.
    familyDiscounts: [],
    // Pass'Sport: 70 € since the 2025-2026 season (sports.gouv.fr); amounts and rules change
    // yearly, so the treasurer confirms them for the campaign's season before families see it.
    aids: [
      {
        code: "PASS-SPORT",
        label: "Pass'Sport",
        amountCents: 7000,
        rules:
          "Pour les jeunes de 14 à 17 ans dont la famille perçoit l'allocation de rentrée scolaire, les jeunes en situation de handicap de 6 à 19 ans (AEEH) ou de 16 à 30 ans (AAH), et les étudiants boursiers de moins de 28 ans. Le code Pass'Sport, à donner lors de l'inscription, est valable jusqu'au 31 décembre.",
      },
    ],
    maxInstalments: 3,
    rulesVersion: "2026-1",
    // How to pay without HelloAsso is the club's (to whom a cheque is made out, a bank account…).
    paymentInstructions: [],
  },
  medical: {
    certificateValidityYears: 3,
    questionnaireYearly: true,
    minorsAttestation: true,
    competitorYearlyCertificate: true,
  },
  examEligibility: { requireRegistration: true, requireMedical: true },
  uploadsStorage: "dossier",
};
