/**
 * An exclusive lock on a folder (the PGlite data folder), held by the process
 * and released by the operating system when it dies — no PID file.
 *
 * Rules:
 * - The lock is a Unix-domain socket `<folder>.lock` next to the folder, with a
 *   listener in this process. A live listener means "locked"; a socket nobody
 *   listens on (ECONNREFUSED: the owner died, even by kill -9 or a power cut)
 *   or an old PID file is stale and taken over. A reused PID can never block.
 * - The listener is unref'd: it never keeps the process alive.
 * - Unlocking closes the listener, which removes the socket file.
 * - Socket paths are limited to ~107 bytes: a longer folder path is locked
 *   through a short relative path from the folder's parent.
 */
import { mkdirSync, rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";

const MAX_SOCKET_PATH = 100;

function socketPath(lockFile: string): string {
  if (lockFile.length <= MAX_SOCKET_PATH) return lockFile;
  const relative = path.relative(process.cwd(), lockFile);
  if (relative.length <= MAX_SOCKET_PATH) return relative;
  throw new Error(`Chemin du dossier de données trop long pour le verrou (${lockFile}).`);
}

/** Resolves true when a live process listens on the socket. */
function someoneListens(file: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = net.connect(file);
    probe.once("connect", () => {
      probe.destroy();
      resolve(true);
    });
    probe.once("error", (err: NodeJS.ErrnoException) => {
      probe.destroy();
      if (err.code === "ECONNREFUSED" || err.code === "ENOENT" || err.code === "ENOTSOCK") resolve(false);
      else reject(err);
    });
  });
}

function listen(file: string): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => socket.end());
    server.once("error", reject);
    server.listen(file, () => {
      server.off("error", reject);
      server.unref();
      resolve(server);
    });
  });
}

class FolderLockedError extends Error {}

/** Takes the lock on `dir`; resolves to the function that releases it. */
export async function lockFolder(dir: string): Promise<() => Promise<void>> {
  const lockFile = path.join(path.resolve(dir), "..", `${path.basename(dir)}.lock`);
  mkdirSync(path.dirname(lockFile), { recursive: true });
  const file = socketPath(lockFile);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const server = await listen(file);
      return () => new Promise<void>((resolve) => server.close(() => resolve()));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EADDRINUSE") throw err;
      if (await someoneListens(file)) {
        throw new FolderLockedError(
          `La base embarquée ${dir} est déjà utilisée par un autre processus. ` +
            "Arrêtez-le avant d'en démarrer un autre.",
        );
      }
      // Stale: its owner died (or an old PID file). Remove it and try again.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Impossible de verrouiller ${dir}.`);
}

/** Whether a live process (the server) holds the lock on `dir`, without taking it. */
export async function folderLocked(dir: string): Promise<boolean> {
  const lockFile = path.join(path.resolve(dir), "..", `${path.basename(dir)}.lock`);
  try {
    return await someoneListens(socketPath(lockFile));
  } catch {
    return false;
  }
}
