/**
 * Every image the site ships (public/), with its author and licence: the
 * /credits-photo page renders this list. Images added as content (articles,
 * comics) carry their own credits in the database.
 */
export interface ImageCredit {
  /** Public path of the file. */
  file: string;
  title: string;
  author: string;
  licence: string;
}

const ORIGINAL = "Création originale du site";
const LICENCE = "Tous droits réservés au club, réutilisation sur demande";

export const imageCredits: ImageCredit[] = [
  { file: "/logo.svg", title: "Emblème du club : bambou, soleil rouge et vague", author: ORIGINAL, licence: LICENCE },
  { file: "/favicon.svg", title: "Icône du site (emblème simplifié)", author: ORIGINAL, licence: LICENCE },
  { file: "/og-image.png", title: "Image de partage sur les réseaux sociaux", author: ORIGINAL, licence: LICENCE },
  {
    file: "/banners/bambou.svg",
    title: "Bannière « Bambouseraie » (pages sur le Vovinam Viet Vo Dao)",
    author: ORIGINAL,
    licence: LICENCE,
  },
  {
    file: "/banners/vagues.svg",
    title: "Bannière « Vagues et soleil » (la vie du club)",
    author: ORIGINAL,
    licence: LICENCE,
  },
  {
    file: "/banners/ceintures.svg",
    title: "Bannière « Couleurs des ceintures » (grades et infos pratiques)",
    author: ORIGINAL,
    licence: LICENCE,
  },
  {
    file: "/banners/salut.svg",
    title: "Bannière « Cercles » (espace membre et connexion)",
    author: ORIGINAL,
    licence: LICENCE,
  },
  { file: "/banners/dojo.svg", title: "Bannière « Tatamis » (autres pages)", author: ORIGINAL, licence: LICENCE },
  { file: "/comics/la-tenue-bleue.svg", title: "BD « La tenue bleue »", author: ORIGINAL, licence: LICENCE },
  { file: "/comics/les-fameux-ciseaux.svg", title: "BD « Les fameux ciseaux »", author: ORIGINAL, licence: LICENCE },
  {
    file: "/comics/etre-fort-pour-etre-utile.svg",
    title: "BD « Être fort pour être utile »",
    author: ORIGINAL,
    licence: LICENCE,
  },
];
