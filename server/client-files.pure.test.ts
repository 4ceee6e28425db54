/**
 * The build's browser files are served, and a page's path never reaches the
 * file lookup: the folder's top-level names are read once, at start.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFiles } from "./client-files";

let server: http.Server;
let base = "";
let dir = "";

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "client-files-"));
  writeFileSync(path.join(dir, "favicon.ico"), "icône");
  mkdirSync(path.join(dir, "banners"));
  writeFileSync(path.join(dir, "banners", "accueil.webp"), "bannière");
  const app = express();
  app.use(clientFiles(dir, { index: false }));
  app.use((req, res) => res.type("text/plain").send(`page ${req.path}`));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const text = async (p: string) => (await fetch(base + p)).text();

describe("the build's browser files", () => {
  it("serves a top-level file and a file in a folder", async () => {
    expect(await text("/favicon.ico")).toBe("icône");
    expect(await text("/banners/accueil.webp")).toBe("bannière");
  });

  it("passes pages on, and a missing file of a known folder too", async () => {
    expect(await text("/la-vie-du-club/actualites")).toBe("page /la-vie-du-club/actualites");
    expect(await text("/")).toBe("page /");
    expect(await text("/banners/absente.webp")).toBe("page /banners/absente.webp");
  });

  it("lists the top-level names once: a name added while the server runs is a page", async () => {
    writeFileSync(path.join(dir, "contact"), "fichier");
    mkdirSync(path.join(dir, "espace-membre"));
    writeFileSync(path.join(dir, "espace-membre", "index.html"), "fichier");
    expect(await text("/contact")).toBe("page /contact");
    expect(await text("/espace-membre/index.html")).toBe("page /espace-membre/index.html");
    writeFileSync(path.join(dir, "banners", "nouvelle.webp"), "nouvelle");
    expect(await text("/banners/nouvelle.webp")).toBe("nouvelle");
  });
});
