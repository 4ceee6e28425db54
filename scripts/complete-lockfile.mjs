// Completes package-lock.json with the other-platform optional packages
// (e.g. @rollup/rollup-darwin-arm64) that this workplace's registry mirror
// does not serve, so `npm install` leaves them out and `npm ci` then refuses
// the lockfile. Each added entry carries os/cpu/libc, so npm skips it on
// Linux x64 and never downloads it. Run after every `npm install`:
//   node scripts/complete-lockfile.mjs
// See docs/decisions/0006-lockfile.md.
import fs from "node:fs";

const file = "package-lock.json";
const lock = JSON.parse(fs.readFileSync(file, "utf8"));
const pkgs = lock.packages;
const OS = /(android|darwin|freebsd|linux|win32|openbsd|openharmony|sunos|aix)/;
const CPU = /(arm64|x64|ia32|arm|loong64|ppc64|riscv64|s390x|wasm32)/;
let added = 0;

for (const [path, meta] of Object.entries({ ...pkgs })) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    // npm resolves a dependency next to its parent first, then at the top.
    const nested = `${path ? path + "/" : ""}node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (pkgs[nested] || pkgs[top]) continue;
    const short = name.split("/").pop();
    const os = OS.exec(short)?.[1];
    const cpu = CPU.exec(os ? short.replace(os, "") : short)?.[1];
    if (!os && cpu !== "wasm32") continue; // not a platform package: leave it to npm
    const entry = { version, optional: true };
    if (meta.dev) entry.dev = true;
    if (os) entry.os = [os];
    if (cpu) entry.cpu = [cpu];
    if (/musl/.test(short)) entry.libc = ["musl"];
    else if (/gnu/.test(short)) entry.libc = ["glibc"];
    pkgs[top] = entry;
    added++;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + "\n");
console.log(`package-lock.json: ${added} platform entries added`);
