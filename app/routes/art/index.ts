import { redirect } from "react-router";

export function loader() {
  return redirect("/le-vovinam-viet-vo-dao/presentation", 301);
}
