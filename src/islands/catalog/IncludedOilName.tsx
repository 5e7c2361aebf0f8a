import { useClientStore } from '../ui/useClientStore.ts';
import { $includedOil } from './included-oil.ts';

/** The name of the oil a service package includes: as prerendered, then for the car chosen. */
export default function IncludedOilName({ id, name }: { id: string; name: string }) {
  const live = useClientStore($includedOil, {})[id];
  return <>{live ?? name}</>;
}
