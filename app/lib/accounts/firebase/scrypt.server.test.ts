import { describe, expect, it } from "vitest";
import { encodeFirebaseHash, firebaseScryptHash, verifyFirebaseHash } from "./scrypt.server";

// The example of Firebase's own scrypt tool (github.com/firebase/scrypt, README).
const params = {
  signerKey: "jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==",
  saltSeparator: "Bw==",
  rounds: 8,
  memCost: 14,
};
const salt = "42xEC+ixf3L2lw==";
const expected = "lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==";

describe("Firebase modified scrypt", () => {
  it("gives the hash of Firebase's published example", async () => {
    expect(await firebaseScryptHash("user1password", salt, params)).toBe(expected);
  });

  it("verifies the right password and refuses a wrong one or a damaged hash", async () => {
    const stored = encodeFirebaseHash(params, salt, expected);
    expect(await verifyFirebaseHash(stored, "user1password")).toBe(true);
    expect(await verifyFirebaseHash(stored, "user1passwore")).toBe(false);
    expect(await verifyFirebaseHash(stored.replace(/\$[^$]+$/, "$AAAA"), "user1password")).toBe(false);
    expect(await verifyFirebaseHash("scrypt:abc", "user1password")).toBe(false);
  });
});
