/**
 * Seeds the club's grade table with the 17 grades of the traditional
 * Vovinam Viet Vo Dao system (1964), and a first revision list for the
 * first grades. Everything here is editable data: federations differ on
 * names, programmes and waiting times, and the managers adapt it.
 */
import { grades, techniques } from "#db/schema";
import { BELT_COLOURS } from "../../members/belt-colours";
import { db } from "../db.server";

const { lightBlue, blue, yellow, red, white } = BELT_COLOURS;

export interface GradeSeed {
  position: number;
  vietnameseName: string;
  frenchName: string;
  beltColor: string;
  stripeColor: string | null;
  stripeCount: number;
  borderColor: string | null;
  level: string;
  description: string;
}

const roman = ["I", "II", "III", "IV", "V", "VI"];

export const gradeSeeds: GradeSeed[] = [
  {
    position: 1,
    vietnameseName: "Tự vệ",
    frenchName: "Ceinture bleu clair (débutant)",
    beltColor: lightBlue,
    stripeColor: null,
    stripeCount: 0,
    borderColor: null,
    level: "Pratiquant",
    description:
      "La ceinture des débutants, de la couleur de la tenue. On y apprend le salut, les positions, les premiers coups et les dégagements simples.",
  },
  {
    position: 2,
    vietnameseName: "Nhập môn",
    frenchName: "Ceinture bleue",
    beltColor: blue,
    stripeColor: null,
    stripeCount: 0,
    borderColor: null,
    level: "Pratiquant",
    description:
      "« Entrer dans l'école » : les bases sont acquises, le pratiquant découvre les premiers ciseaux de jambes et les premières formes.",
  },
  ...[1, 2, 3].map((n) => ({
    position: 2 + n,
    vietnameseName: `Lam đai ${roman[n - 1]}`,
    frenchName: `Ceinture bleue, ${n === 1 ? "1er" : `${n}e`} cap`,
    beltColor: blue,
    stripeColor: yellow,
    stripeCount: n,
    borderColor: null,
    level: "Pratiquant",
    description:
      n === 3
        ? "Dernier grade de ceinture bleue : le pratiquant confirmé prépare l'examen de ceinture jaune."
        : n === 1
          ? "Pratiquant confirmé : une première barrette jaune vient s'ajouter sur la ceinture bleue."
          : "Deuxième barrette jaune : la technique, les ciseaux et les formes s'enrichissent.",
  })),
  {
    position: 6,
    vietnameseName: "Hoàng đai",
    frenchName: "Ceinture jaune",
    beltColor: yellow,
    stripeColor: null,
    stripeCount: 0,
    borderColor: null,
    level: "Ceinture noire / instructeur",
    description:
      "L'entrée dans les grades de ceinture noire : le système international marque cette étape par une ceinture noire (huyền đai). Les dang se comptent ensuite par barrettes rouges.",
  },
  ...[1, 2, 3].map((n) => ({
    position: 6 + n,
    vietnameseName: `Hoàng đai ${roman[n - 1]}`,
    frenchName: `Ceinture jaune, ${n === 1 ? "1 barrette rouge" : `${n} barrettes rouges`} (${n === 1 ? "1er" : `${n}e`} dang)`,
    beltColor: yellow,
    stripeColor: red,
    stripeCount: n,
    borderColor: null,
    level: "Enseignant",
    // One sentence for the group, on its first grade (no filler repeated on each line).
    description:
      n === 1
        ? "Premier grade d'enseignant : le pratiquant encadre des cours et approfondit les armes et les formes avancées."
        : "",
  })),
  {
    position: 10,
    vietnameseName: "Chuẩn hồng đai",
    frenchName: "Ceinture rouge à liseré jaune (4e dang)",
    beltColor: red,
    stripeColor: null,
    stripeCount: 0,
    borderColor: yellow,
    level: "Maître assistant",
    description: "Le premier grade de maître : une étape de plusieurs années avant la ceinture rouge.",
  },
  ...[1, 2, 3, 4, 5, 6].map((n) => ({
    position: 10 + n,
    vietnameseName: `Hồng đai ${roman[n - 1]}`,
    frenchName: `Ceinture rouge, ${n === 1 ? "1 barrette blanche" : `${n} barrettes blanches`} (${4 + n}e dang)`,
    beltColor: red,
    stripeColor: white,
    stripeCount: n,
    borderColor: null,
    level: "Maître",
    description:
      n === 1
        ? "Les grades de maître, attribués après de longues années de pratique et d'enseignement : une barrette blanche de plus à chaque grade."
        : "",
  })),
  {
    position: 17,
    vietnameseName: "Bạch đai",
    frenchName: "Ceinture blanche",
    beltColor: white,
    stripeColor: null,
    stripeCount: 0,
    borderColor: null,
    level: "Grand maître (patriarche)",
    description: "Réservée au patriarche de l'école (chưởng môn) : le blanc symbolise la pureté et l'infini.",
  },
];

interface TechniqueSeed {
  title: string;
  category: "technique" | "quyen" | "self-defense" | "autre";
  description: string;
}

/** A first revision list, keyed by grade position. Phrased modestly: clubs adapt it. */
export const techniqueSeeds: Record<number, TechniqueSeed[]> = {
  1: [
    {
      title: "Le salut (nghiêm lễ)",
      category: "autre",
      description:
        "Garde-à-vous, puis la main droite ouverte posée sur le cœur. Saluer en entrant sur le tapis, en le quittant, et son partenaire avant chaque exercice.",
    },
    {
      title: "Positions de base (tấn pháp)",
      category: "technique",
      description:
        "Trung bình tấn (position du cavalier), đinh tấn (position avant), chảo mã tấn et hạc tấn (position de la grue) : tenir la position, changer de côté, se déplacer.",
    },
    {
      title: "Coups de poing directs (đấm thẳng)",
      category: "technique",
      description: "Direct du bras avant et du bras arrière, depuis la garde, en position fixe puis en avançant.",
    },
    {
      title: "Coups de pied de face (đá thẳng)",
      category: "technique",
      description: "Coup de pied de face, jambe avant et jambe arrière, en revenant en garde.",
    },
    {
      title: "Chutes (té ngã)",
      category: "technique",
      description:
        "Chutes avant, arrière et sur le côté, indispensables avant d'aborder les projections et les ciseaux.",
    },
    {
      title: "Dégagement d'une saisie de poignet",
      category: "self-defense",
      description:
        "Se libérer quand le poignet est saisi du même côté puis en diagonale, et enchaîner une riposte simple.",
    },
    {
      title: "Khởi quyền",
      category: "quyen",
      description: "La première forme (quyền), souvent enseignée aux débutants pour relier positions et coups de base.",
    },
  ],
  2: [
    {
      title: "Autres coups de poing",
      category: "technique",
      description: "Crochet (đấm móc), coup de poing remontant (đấm múc) et coup de poing balancé (đấm lao).",
    },
    {
      title: "Coups de pied de base",
      category: "technique",
      description:
        "Coup de pied de face en poussée (đạp thẳng), coup de pied latéral (đạp ngang) et coup de pied circulaire (đá cạnh).",
    },
    {
      title: "Coudes et genoux (chỏ, gối)",
      category: "technique",
      description: "Coups de coude et de genou à courte distance, en garde.",
    },
    {
      title: "Premiers ciseaux de jambes (đòn chân tấn công)",
      category: "technique",
      description:
        "Les premiers ciseaux du programme, travaillés lentement avec un partenaire qui sait chuter, sur tapis et sous le contrôle de l'enseignant.",
    },
    {
      title: "Contre-attaques sur coup de poing direct (phản đòn)",
      category: "technique",
      description: "Esquiver ou parer un direct et répondre aussitôt.",
    },
    {
      title: "Dégagements de saisies",
      category: "self-defense",
      description: "Se libérer d'une saisie des deux poignets et d'une saisie au col.",
    },
    {
      title: "Nhập môn quyền",
      category: "quyen",
      description: "La forme de la ceinture bleue, selon le programme du club.",
    },
  ],
  3: [
    {
      title: "Suite des ciseaux de jambes (đòn chân tấn công)",
      category: "technique",
      description: "Les ciseaux suivants du programme, toujours sur tapis et avec un partenaire attentif.",
    },
    {
      title: "Contre-attaques sur coups de pied",
      category: "technique",
      description: "Réponses sur coup de pied de face et coup de pied circulaire.",
    },
    {
      title: "Dégagements d'étranglements",
      category: "self-defense",
      description: "Se libérer d'un étranglement de face et par derrière.",
    },
    {
      title: "Thập tự quyền",
      category: "quyen",
      description: "Forme souvent travaillée au niveau lam đai, selon le programme du club.",
    },
  ],
  4: [
    {
      title: "Dégagements de ceinturages",
      category: "self-defense",
      description: "Se libérer d'un ceinturage de face et par derrière, bras pris ou libres.",
    },
    {
      title: "Long hổ quyền",
      category: "quyen",
      description:
        "La forme « du dragon et du tigre », souvent enseignée au niveau lam đai, selon le programme du club.",
    },
  ],
};

export async function seedGrades(): Promise<void> {
  const inserted = await db.insert(grades).values(gradeSeeds).returning({ id: grades.id, position: grades.position });
  const idByPosition = new Map(inserted.map((g) => [g.position, g.id]));
  const rows = Object.entries(techniqueSeeds).flatMap(([position, list]) => {
    const gradeId = idByPosition.get(Number(position));
    if (!gradeId) return [];
    return list.map((t, i) => ({ ...t, gradeId, position: i + 1 }));
  });
  if (rows.length > 0) await db.insert(techniques).values(rows);
}
