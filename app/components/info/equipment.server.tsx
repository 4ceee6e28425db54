/**
 * /equipement (« Équipement »): what the page shows, read here, and its content, written on the
 * server (`renderServerHtml` in the route's loader) and kept as is by the browser
 * (`ServerHtml`), which never loads this code (a `.server` module). Nothing here
 * reacts to the visitor; links are `SiteLink`s.
 */
import { SiteLink } from "~/components/layout/site-link";
import { InfoPage, InfoSection, linkClass } from "~/components/info-page";
import { getSetting } from "~/lib/club/settings.server";
import { Icon } from "~/components/ui/icon";

/** What the page shows. */
export async function equipmentView() {
  const equipment = await getSetting("equipment");
  return {
    required: equipment.filter((e) => e.required),
    recommended: equipment.filter((e) => !e.required),
  };
}

export type EquipmentView = Awaited<ReturnType<typeof equipmentView>>;
type Item = EquipmentView["required"][number];

function ItemList({ items }: { items: Item[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item.id} className="rounded-lg border border-slate-200 p-5 shadow-sm">
          <h3 className="text-lg font-semibold text-club-900">{item.name}</h3>
          {item.description ? <p className="mt-2 text-slate-700">{item.description}</p> : null}
          {item.price ? (
            <p className="mt-2 text-sm text-slate-600">
              Prix indicatif : <span className="font-semibold text-slate-800">{item.price}</span>
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function EquipmentContent(loaderData: EquipmentView) {
  const { required, recommended } = loaderData;
  return (
    <InfoPage
      title="Équipement"
      intro={
        <p>
          Pas besoin de tout acheter pour commencer : une tenue de sport suffit pour les cours d'essai. Voici ce qu'il
          faudra ensuite, et ce qui est simplement conseillé.
        </p>
      }
      wide
    >
      <InfoSection id="vo-phuc" title="La tenue : le võ phục" icon={<Icon name="shirt" className="size-6" />}>
        <p>
          Le võ phục est la tenue des pratiquants de Vovinam Viet Vo Dao. Il est <strong>bleu</strong> : c'est la
          couleur commune à toutes les écoles du monde depuis 1990 (les clubs français portaient auparavant une tenue
          noire). Le bleu évoque la mer et l'espérance.
        </p>
        <p>
          L'<strong>écusson du club</strong> se coud sur la <strong>poitrine gauche</strong>, du côté du cœur, là où se
          pose la main droite lors du salut. La <strong>ceinture</strong> indique le grade : les débutants portent la
          ceinture bleu clair, puis la ceinture bleue ; la page{" "}
          <SiteLink to="/le-vovinam-viet-vo-dao/grades" className={linkClass}>
            Les grades
          </SiteLink>{" "}
          présente toute la progression.
        </p>
        <p>Une tenue propre et repassée est une marque de respect envers l'enseignant et les partenaires.</p>
      </InfoSection>

      {required.length > 0 ? (
        <InfoSection
          id="obligatoire"
          title="Équipement obligatoire"
          icon={<Icon name="circle-check" className="size-6" />}
        >
          <ItemList items={required} />
        </InfoSection>
      ) : null}

      {recommended.length > 0 ? (
        <InfoSection id="recommande" title="Équipement recommandé" icon={<Icon name="sparkles" className="size-6" />}>
          <ItemList items={recommended} />
        </InfoSection>
      ) : null}

      <InfoSection id="conseils" title="Conseils aux débutants" icon={<Icon name="lightbulb" className="size-6" />}>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            Pour les cours d'essai, venez en t-shirt et pantalon de sport souple, sans fermeture éclair ni bouton. On
            pratique pieds nus.
          </li>
          <li>Attendez la fin des cours d'essai avant d'acheter votre tenue : le club vous conseille sur la taille.</li>
          <li>Marquez votre nom à l'intérieur de la tenue et de la ceinture, surtout pour les enfants.</li>
          <li>Lavez la tenue après chaque séance, à 30 ou 40 °C, pour qu'elle ne rétrécisse pas.</li>
          <li>Retirez bijoux, montre et piercings avant le cours, et gardez les ongles courts.</li>
          <li>Apportez une gourde d'eau et des sandales pour aller du vestiaire au tatami.</li>
        </ul>
        <p>
          Une question sur une taille ou un équipement ?{" "}
          <SiteLink to="/contact" className={linkClass}>
            Écrivez-nous
          </SiteLink>
          .
        </p>
      </InfoSection>
    </InfoPage>
  );
}
