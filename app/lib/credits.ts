/** Images shipped with the site and their credits (listed on /credits-photo). */
export const imageCredits: { file: string; title: string; author: string; licence: string }[] = [];
