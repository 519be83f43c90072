// The catalog the app owns: the A2UI basic catalog (styled by the kit's stylesheet), with the app's components by name.
import { basicCatalog, type ReactComponentImplementation } from '@a2ui/react/v0_9';
import { Catalog } from '@a2ui/web_core/v0_9';

/** The app's A2UI components by the name agents use. */
export type A2uiCatalogComponents = Readonly<Record<string, ReactComponentImplementation>>;

const catalogs = new WeakMap<A2uiCatalogComponents, Catalog<ReactComponentImplementation>>();

/**
 * The catalog for the app's components (one per components object): under the basic catalog's id, which agents name
 * in `createSurface`, so the app's components extend what that id offers.
 */
export function catalogFor(components: A2uiCatalogComponents | undefined): Catalog<ReactComponentImplementation> {
  if (!components || Object.keys(components).length === 0) return basicCatalog;
  let catalog = catalogs.get(components);
  if (!catalog) {
    const byName = new Map(basicCatalog.components);
    for (const [name, implementation] of Object.entries(components)) byName.set(name, { ...implementation, name });
    catalog = new Catalog(basicCatalog.id, [...byName.values()], [...basicCatalog.functions.values()]);
    catalogs.set(components, catalog);
  }
  return catalog;
}
