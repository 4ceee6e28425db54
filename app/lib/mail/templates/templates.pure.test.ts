/**
 * Every e-mail template: subject, text and HTML carry the club's name, what a
 * person typed is escaped in the HTML, French typography is applied, a missing
 * club setting is left out; and no e-mail text is written outside the
 * templates (only send.server.ts calls the outbox).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { MAIL_TEMPLATES } from "./index";
import { escapeHtml, renderMail, type MailClub } from "./layout";
import { contactMessageMail } from "./contact-message";
import { documentRefusedMail } from "./document-refused";
import { welcomeAccountMail } from "./welcome-account";

const club: MailClub = {
  identity: {
    clubName: "Vovinam Club d'Essai",
    shortName: "VCE",
    associationName: "Association Vovinam d'Essai",
    sportsComplex: "Gymnase des Essais",
    street: "1 rue de l'Exemple",
    postalCode: "75001",
    city: "Paris",
    email: "contact@club-essai.fr",
  },
  baseUrl: "https://club-essai.fr",
};

const empty: MailClub = {
  identity: {
    clubName: "",
    shortName: "",
    associationName: "",
    sportsComplex: "",
    street: "",
    postalCode: "",
    city: "",
    email: "",
  },
  baseUrl: "https://club-essai.fr",
};

describe("each e-mail template", () => {
  it.each(MAIL_TEMPLATES.map((t) => [t.id, t] as const))(
    "%s: subject, plain text and HTML, in the club's frame",
    (_id, template) => {
      const mail = renderMail(template, template.sample, club);
      expect(mail.subject.trim()).not.toBe("");
      expect(mail.text.trim()).not.toBe("");
      expect(mail.html).toContain('<html lang="fr">');
      expect(mail.html).toContain(`<title>${escapeHtml(mail.subject)}</title>`);
      expect(mail.html).toContain(escapeHtml(club.identity.clubName));
      expect(mail.html).toContain("Gymnase des Essais");
      expect(mail.html).toContain("contact@club-essai.fr");
      // French typography: never a plain space before : ; ! ? nor inside « » (a person's own text aside).
      const typed = new Set(
        template
          .write(template.sample, club)
          .lines.flatMap((l) => (typeof l === "string" ? [] : l.verbatim.split("\n"))),
      );
      const ours = mail.text.split("\n").filter((l) => !typed.has(l));
      expect([mail.subject, ...ours].join("\n")).not.toMatch(/ [:;!?»]|« /);
    },
  );

  it("names the club in the text where the message signs or names it", () => {
    for (const t of MAIL_TEMPLATES) {
      const written = t.write(t.sample, club);
      const mentions = JSON.stringify(written).includes(club.identity.clubName);
      if (mentions) expect(renderMail(t, t.sample, club).text, t.id).toContain(club.identity.clubName);
    }
    const welcome = renderMail(welcomeAccountMail, welcomeAccountMail.sample, club);
    expect(welcome.subject).toBe("Votre compte sur le site du club Vovinam Club d'Essai");
    expect(welcome.text.split("\n").at(-1)).toBe("Vovinam Club d'Essai");
  });

  it("escapes what a person typed in the HTML and keeps it as typed in the text", () => {
    const mail = renderMail(
      contactMessageMail,
      {
        name: 'Eve <script>alert("x")</script>',
        email: "eve@exemple.fr",
        subject: "<b>Bonjour</b> & merci",
        message: "Une question ?\n<img src=x onerror=alert(1)>",
        receivedAt: new Date("2026-09-14T16:30:00Z"),
      },
      club,
    );
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).not.toContain("<b>Bonjour");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail.html).toContain("&lt;b&gt;Bonjour&lt;/b&gt; &amp; merci");
    // The visitor's message is sent as typed (no typographic change) in the text.
    expect(mail.text).toContain("Une question ?\n<img src=x onerror=alert(1)>");
    expect(mail.text).toContain("Nom\u00a0: Eve <script>");

    const refused = renderMail(
      documentRefusedMail,
      { ...documentRefusedMail.sample, reason: "Illisible <i>flou</i> : à refaire" },
      club,
    );
    expect(refused.html).toContain("Illisible &lt;i&gt;flou&lt;/i&gt; : à refaire");
  });

  it("turns addresses into links and « - » lines into a list", () => {
    const mail = renderMail(welcomeAccountMail, welcomeAccountMail.sample, club);
    expect(mail.html).toContain(
      '<a href="https://club-essai.fr/mot-de-passe-oublie" style="color:#1d4ed8">https://club-essai.fr/mot-de-passe-oublie</a>.',
    );
    const reminder = renderMail(
      MAIL_TEMPLATES.find((t) => t.id === "rappel-saison")!,
      MAIL_TEMPLATES.find((t) => t.id === "rappel-saison")!.sample,
      club,
    );
    expect(reminder.html).toMatch(/<ul[^>]*><li>Léo Exemple\u00a0: le certificat médical/);
  });

  it("leaves out what the club has not entered, and names no club", () => {
    for (const t of MAIL_TEMPLATES) {
      const mail = renderMail(t, t.sample, empty);
      expect(mail.html, t.id).not.toContain("Vovinam Club d'Essai");
      expect(mail.html, t.id).not.toContain("Gymnase");
      expect(mail.html, t.id).not.toContain("mailto:");
      expect(mail.text, t.id).not.toContain("undefined");
    }
  });
});

describe("no e-mail text outside the templates", () => {
  const root = join(__dirname, "../../..");
  function sources(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return sources(path);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
    });
  }

  it("only send.server.ts puts a message in the outbox; every other module sends a template", () => {
    const callers = sources(root)
      .filter((file) => /\bqueueMail\(/.test(readFileSync(file, "utf8")))
      .map((file) => relative(root, file))
      .sort();
    expect(callers).toEqual(["lib/mail/mail.server.ts", "lib/mail/send.server.ts"]);
  });

  it("every template is listed on the preview page", () => {
    const files = readdirSync(__dirname).filter(
      (f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !["index.ts", "layout.ts"].includes(f),
    );
    expect(MAIL_TEMPLATES).toHaveLength(files.length);
    expect(new Set(MAIL_TEMPLATES.map((t) => t.id)).size).toBe(MAIL_TEMPLATES.length);
  });
});
