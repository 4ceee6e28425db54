/**
 * The test club: the facts a club enters about itself, given
 * explicitly to the tests' databases, since the code's defaults hold none.
 * Every Vitest database gets them (tests/setup/database.ts), and so does the
 * browser tests' server (tests/e2e/seed-mat.ts): the existing assertions
 * (« Gymnase Casalis », the schedule, the prices…) read what this club entered.
 * A test of a fresh install deletes the settings rows first.
 */
import { setSetting } from "~/lib/club/settings.server";
import { defaultSettings, type Settings } from "~/lib/club/settings-schemas";

type ClubFacts = Pick<Settings, "identity" | "schedule" | "prices" | "equipment" | "donation" | "legal">;

export const TEST_CLUB: ClubFacts & { campaign: Settings["campaign"] } = {
  identity: {
    clubName: "Vovinam Viet Vo Dao Créteil",
    shortName: "VVD Créteil",
    associationName: "Association Vovinam Viet Vo Dao de Créteil",
    sportsComplex: "Gymnase Casalis",
    street: "8 rue Jean Gabin",
    postalCode: "94000",
    city: "Créteil",
    phone: "",
    email: "contact@vovinam-creteil.fr",
    facebookUrl: "",
    instagramUrl: "",
    mapUrl: "https://www.openstreetmap.org/search?query=Gymnase%20Casalis%20Cr%C3%A9teil",
    transport: [
      "Métro ligne 8 : station Créteil – Préfecture, puis 10 minutes à pied",
      "Bus 117, 181 et 281 : arrêt Hôtel de Ville de Créteil",
      "RER A : Saint-Maur – Créteil, puis bus 317",
    ],
    parking: "Parking gratuit devant le gymnase, accès par la rue Jean Gabin.",
  },
  schedule: [
    {
      id: "enfants-mer",
      day: 3,
      start: "17:30",
      end: "18:30",
      group: "Enfants (6-11 ans)",
      level: "Tous niveaux",
      place: "Dojo",
    },
    {
      id: "ados-mer",
      day: 3,
      start: "18:30",
      end: "19:45",
      group: "Adolescents (12-15 ans)",
      level: "Tous niveaux",
      place: "Dojo",
    },
    {
      id: "adultes-mar",
      day: 2,
      start: "20:00",
      end: "22:00",
      group: "Adultes (16 ans et plus)",
      level: "Tous niveaux",
      place: "Dojo",
    },
    {
      id: "adultes-ven",
      day: 5,
      start: "20:00",
      end: "22:00",
      group: "Adultes (16 ans et plus)",
      level: "Tous niveaux",
      place: "Dojo",
    },
    {
      id: "enfants-sam",
      day: 6,
      start: "10:00",
      end: "11:00",
      group: "Enfants (6-11 ans)",
      level: "Tous niveaux",
      place: "Dojo",
    },
    {
      id: "armes-sam",
      day: 6,
      start: "11:00",
      end: "12:30",
      group: "Ceintures jaunes et plus",
      level: "Techniques avancées et armes",
      place: "Dojo",
    },
  ],
  prices: {
    season: "2026-2027",
    items: [
      {
        id: "enfants",
        group: "Enfants (6-11 ans)",
        description: "1 cours par semaine au choix, licence fédérale et assurance comprises",
        amount: 190,
      },
      {
        id: "ados",
        group: "Adolescents (12-15 ans)",
        description: "Licence fédérale et assurance comprises",
        amount: 210,
      },
      {
        id: "adultes",
        group: "Adultes (16 ans et plus)",
        description: "Accès à tous les cours adultes, licence comprise",
        amount: 250,
      },
      {
        id: "etudiants",
        group: "Étudiants et demandeurs d'emploi",
        description: "Sur présentation d'un justificatif",
        amount: 200,
      },
    ],
    notes: [
      "Réduction de 10 % à partir du deuxième membre d'une même famille.",
      "Deux cours d'essai gratuits avant l'inscription.",
      "Paiement possible en trois fois, par chèque, virement, espèces ou Pass'Sport.",
    ],
  },
  equipment: [
    {
      id: "vo-phuc",
      name: "Võ phục (tenue bleue)",
      description:
        "La tenue officielle du Vovinam, bleue, avec l'écusson du club sur la poitrine gauche. Elle peut être commandée par le club à l'inscription.",
      required: true,
      price: "environ 45 €",
    },
    {
      id: "ceinture",
      name: "Ceinture",
      description: "La ceinture de votre grade. Les débutants reçoivent la ceinture bleu clair avec la tenue.",
      required: true,
      price: "compris avec la tenue",
    },
    {
      id: "protege-dents",
      name: "Protège-dents",
      description: "Obligatoire pour les exercices de combat, à partir de la ceinture bleue.",
      required: true,
      price: "environ 10 €",
    },
    {
      id: "coquille",
      name: "Coquille ou protection de poitrine",
      description: "Recommandée pour le combat.",
      required: false,
      price: "environ 15 €",
    },
    {
      id: "gants",
      name: "Gants et protège-tibias",
      description: "Pour les assauts et la préparation aux compétitions.",
      required: false,
      price: "environ 40 €",
    },
    {
      id: "gourde",
      name: "Gourde et serviette",
      description: "Pensez à bien vous hydrater pendant le cours.",
      required: false,
      price: "",
    },
  ],
  donation: {
    helloAssoUrl: "https://www.helloasso.com/associations/vovinam-viet-vo-dao-creteil/formulaires/1",
    helloAssoWidgetUrl: "https://www.helloasso.com/associations/vovinam-viet-vo-dao-creteil/formulaires/1/widget",
    taxReceipts: true,
    rescrit: "",
  },
  legal: {
    president: "",
    publicationDirector: "",
    headOffice: "8 rue Jean Gabin, 94000 Créteil",
    rna: "",
    siret: "",
    federation: "Fédération Française de Karaté et Disciplines Associées (FFKDA)",
    hostName: "",
    hostAddress: "",
    hostPhone: "",
  },
  campaign: {
    ...defaultSettings.campaign,
    prices: [
      { group: "Enfants (6-11 ans)", amountCents: 19000 },
      { group: "Adolescents (12-15 ans)", amountCents: 21000 },
      { group: "Adultes (16 ans et plus)", amountCents: 25000 },
      { group: "Ceintures jaunes et plus", amountCents: 25000 },
    ],
    familyDiscounts: [{ fromMember: 2, percent: 10 }],
    paymentInstructions: [
      "Par chèque à l'ordre de l'association, remis au bureau ou à l'enseignant.",
      "Par virement : les coordonnées bancaires sont données par le bureau sur demande.",
      "En espèces ou en chèques-vacances (ANCV), au bureau, contre reçu.",
    ],
  },
};

/** Writes the test club's facts (identity, schedule, prices, equipment, donation, legal, campaign prices, discount and ways to pay). */
export async function setUpTestClub(): Promise<void> {
  for (const key of Object.keys(TEST_CLUB) as Array<keyof typeof TEST_CLUB>) {
    await setSetting(key, TEST_CLUB[key]);
  }
}
