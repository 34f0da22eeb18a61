// /impressum, the address Germans type for the imprint: a permanent redirect to /imprint (the
// spec's path of the page).
import { redirect } from 'react-router';

export function loader() {
  return redirect('/imprint', 301);
}
