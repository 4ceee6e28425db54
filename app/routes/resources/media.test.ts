/**
 * /media/<key>: members-only files (the brochure) need a signed-in member
 * and are never cached publicly; public files stay cacheable.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema";
import { db } from "~/lib/core/db.server";
import { seedDatabase } from "~/lib/core/seed.server";
import { getBrochure, listDocumentsForAdmin, saveBrochure, saveDocument } from "~/lib/content/club-files.server";
import { createUser } from "../../../tests/helpers/auth";
import { loader } from "./media";

const pdf = () =>
  new File([new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n")], "brochure.pdf", {
    type: "application/pdf",
  });

async function get(href: string, cookie?: string): Promise<Response> {
  const request = new Request(`http://localhost:3000${href}`, { headers: cookie ? { cookie } : {} });
  return await loader({ request, params: { "*": href.replace(/^\/media\//, "") } } as never);
}

let brochureHref = "";
let publicHref = "";

beforeAll(async () => {
  await seedDatabase();
  await db
    .insert(users)
    .values({ id: "media-admin", email: "media-admin@exemple.fr", name: "Admin", prenom: "Ada", nom: "Admin" });
  await saveBrochure({ title: "Brochure", file: pdf() }, "media-admin");
  brochureHref = (await getBrochure()).href!;
  await saveDocument({ title: "Fiche", description: "", position: 1, file: pdf() }, "media-admin");
  const docs = await listDocumentsForAdmin();
  publicHref = docs.find((d) => d.title === "Fiche")!.href!;
});

describe("/media access", () => {
  it.each([(h: string) => h, (h: string) => h.replace(/\/document\.pdf$/, "")])(
    "sends an anonymous visitor of the brochure to the sign-in page",
    async (variant) => {
      const res = await get(variant(brochureHref));
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toMatch(/^\/connexion\?redirectTo=/);
    },
  );

  it("refuses the brochure to a pré-inscrit", async () => {
    const pre = await createUser({ roles: ["pré-inscrit"] });
    expect((await get(brochureHref, pre.cookie)).status).toBe(404);
  });

  it("serves the brochure to a member with private caching", async () => {
    const member = await createUser({ roles: ["membre"] });
    const res = await get(brochureHref, member.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("keeps public files public and cacheable", async () => {
    const res = await get(publicHref);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});
