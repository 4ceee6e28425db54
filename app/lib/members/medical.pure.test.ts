/**
 * Medical compliance across ages and dates: adults' certificate validity and
 * yearly questionnaire, minors' parent-signed attestation, competitors'
 * yearly certificate.
 */
import { describe, expect, it } from "vitest";
import { medicalStatus, type HealthDocument, type MedicalRules } from "./medical";

const rules: MedicalRules = {
  certificateValidityYears: 3,
  questionnaireYearly: true,
  minorsAttestation: true,
  competitorYearlyCertificate: true,
};
const at = { season: "2026-2027", seasonStart: "2026-09-01", today: "2026-10-15" };
const adult = { minor: false, competitor: false };
const minor = { minor: true, competitor: false };
const cert = (season: string, receivedOn: string): HealthDocument => ({ season, kind: "certificat", receivedOn });
const quest = (season: string, receivedOn: string): HealthDocument => ({ season, kind: "questionnaire", receivedOn });

describe("an adult", () => {
  it("without any certificate has one to give", () => {
    expect(medicalStatus(adult, [], at, rules)).toBe("certificate-due");
  });
  it("with a certificate of this season is in order", () => {
    expect(medicalStatus(adult, [cert("2026-2027", "2026-09-05")], at, rules)).toBe("ok");
  });
  it("with a certificate of an earlier season still valid owes the yearly questionnaire attestation", () => {
    const docs = [cert("2024-2025", "2024-09-10")];
    expect(medicalStatus(adult, docs, at, rules)).toBe("attestation-due");
    expect(medicalStatus(adult, [...docs, quest("2026-2027", "2026-09-12")], at, rules)).toBe("ok");
    expect(medicalStatus(adult, docs, at, { ...rules, questionnaireYearly: false })).toBe("ok");
  });
  it("with a certificate older than the validity has an expired one", () => {
    expect(medicalStatus(adult, [cert("2023-2024", "2023-08-31")], at, rules)).toBe("expired");
    expect(medicalStatus(adult, [cert("2023-2024", "2023-09-02")], at, rules)).toBe("attestation-due");
    expect(medicalStatus(adult, [cert("2023-2024", "2023-09-02")], at, { ...rules, certificateValidityYears: 1 })).toBe(
      "expired",
    );
  });
});

describe("a minor", () => {
  it("needs the attestation signed by a parent for this season, not a certificate", () => {
    expect(medicalStatus(minor, [], at, rules)).toBe("attestation-due");
    expect(medicalStatus(minor, [quest("2025-2026", "2025-09-10")], at, rules)).toBe("attestation-due");
    expect(medicalStatus(minor, [quest("2026-2027", "2026-09-10")], at, rules)).toBe("ok");
  });
  it("follows the adults' rule when the federation does not use the attestation", () => {
    expect(medicalStatus(minor, [quest("2026-2027", "2026-09-10")], at, { ...rules, minorsAttestation: false })).toBe(
      "certificate-due",
    );
  });
});

describe("a competitor", () => {
  it("needs a certificate of less than a year, whatever the age", () => {
    const competitor = { minor: true, competitor: true };
    expect(medicalStatus(competitor, [quest("2026-2027", "2026-09-10")], at, rules)).toBe("certificate-due");
    expect(medicalStatus(competitor, [cert("2025-2026", "2025-10-16")], at, rules)).toBe("ok");
    expect(medicalStatus(competitor, [cert("2025-2026", "2025-10-15")], at, rules)).toBe("expired");
  });
});
