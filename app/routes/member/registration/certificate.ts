/**
 * /espace-membre/inscription/attestation.pdf: the family's payment
 * certificate for the campaign's season (or `?saison=2025-2026`), only once
 * the registration is paid. Private, never cached.
 */
import type { Route } from "./+types/certificate";
import { userContext } from "~/lib/accounts/auth-context";
import { DomainError } from "~/lib/core/errors";
import { getCampaign } from "~/lib/members/family-registration.server";
import { paymentCertificate } from "~/lib/members/payment-certificate.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const asked = new URL(request.url).searchParams.get("saison");
  const season = asked && /^\d{4}-\d{4}$/.test(asked) ? asked : (await getCampaign()).season;
  try {
    const pdf = await paymentCertificate(user.id, season);
    return new Response(pdf, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="attestation-paiement-${season}.pdf"`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (err) {
    if (err instanceof DomainError)
      throw new Response(err.message, { status: err.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw err;
  }
}
