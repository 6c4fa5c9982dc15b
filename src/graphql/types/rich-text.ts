import {
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  type GraphQLFieldConfig,
  type GraphQLOutputType,
} from 'graphql';
import type { FieldDefinition, Validation } from '../../domain/content-model/field.ts';
import { LINK_NODE_TYPES, richTextLinkTarget, walkRichText } from '../../domain/content-model/rich-text.ts';
import type { GraphqlContext, LocaleRead, Resolved } from '../context.ts';
import { richTextTypeNames } from '../plan/naming.ts';
import { resolveLink } from './resolve-link.ts';
import { JsonType } from './shared-types.ts';

/** A rich text value, the entry it belongs to (with its preview flag) and the locale (and fallback use) it was read in. */
export interface RichTextSource extends LocaleRead {
  document: Record<string, unknown>;
  parent: Resolved;
}

/** The most entities `links` may resolve: what `size.max` of the link node types allow in sum, else this. */
export const RICH_TEXT_LINKS_MAX = 1000;

/**
 * The complexity of a rich text field's `links`: the sum of the `size.max` of its `nodes` validations over the
 * link node types it enables; RICH_TEXT_LINKS_MAX when an enabled link node type has no maximum.
 */
export function richTextLinksCost(d: FieldDefinition): number {
  const enabled = d.validations.find((v) => Array.isArray(v.enabledNodeTypes))?.enabledNodeTypes as
    string[] | undefined;
  const nodes = (d.validations.find((v) => v.nodes && typeof v.nodes === 'object')?.nodes ?? {}) as Record<
    string,
    Validation[]
  >;
  let sum = 0;
  for (const nodeType of Object.keys(LINK_NODE_TYPES)) {
    if (enabled && !enabled.includes(nodeType)) continue;
    const max = (nodes[nodeType]?.find((v) => v.size)?.size as { max?: unknown } | undefined)?.max;
    if (typeof max !== 'number') return RICH_TEXT_LINKS_MAX;
    sum += max;
  }
  return Math.min(sum, RICH_TEXT_LINKS_MAX);
}

/**
 * The targets of the nodes of one type, in document order (each once), resolved like link fields in the parent's
 * preview state and locale; an unresolvable one is a null element with its UNRESOLVABLE_LINK error.
 */
function linked(nodeType: string, d: FieldDefinition, typeName: string) {
  return (s: RichTextSource, _a: unknown, ctx: GraphqlContext) => {
    const seen = new Set<string>();
    const targets: Array<{ linkType: 'Entry' | 'Asset'; id: string }> = [];
    for (const node of walkRichText(s.document)) {
      const target = node.nodeType === nodeType ? richTextLinkTarget(node.node) : undefined;
      if (target && !seen.has(target.id)) {
        seen.add(target.id);
        targets.push(target);
      }
    }
    return Promise.all(
      targets.map((t) =>
        resolveLink(
          ctx,
          s.parent,
          d,
          typeName,
          { sys: { id: t.id, linkType: t.linkType } },
          { preview: s.parent.preview, locale: s.locale, useFallbackLocale: s.useFallbackLocale },
          [],
        ).catch((e: Error) => e),
      ),
    );
  };
}

/**
 * The type of a RichText field, `<T><Field>`: `json` (the document) and `links`, whose `entries { inline, block,
 * hyperlink }` and `assets { block, hyperlink }` list the entities the document links to.
 */
export function richTextType(
  name: string,
  d: FieldDefinition,
  typeName: string,
  asset: () => GraphQLOutputType,
  entry: () => GraphQLOutputType,
): GraphQLObjectType<RichTextSource> {
  const names = richTextTypeNames(name);
  const list = (item: GraphQLOutputType, nodeType: string): GraphQLFieldConfig<RichTextSource, GraphqlContext> => ({
    type: new GraphQLNonNull(new GraphQLList(item)),
    resolve: linked(nodeType, d, typeName),
    // Counted by `links` (see complexity.ts).
    extensions: { complexity: { counted: true } },
  });
  const entries = new GraphQLObjectType<RichTextSource, GraphqlContext>({
    name: names.entries,
    fields: () => ({
      inline: list(entry(), 'embedded-entry-inline'),
      block: list(entry(), 'embedded-entry-block'),
      hyperlink: list(entry(), 'entry-hyperlink'),
    }),
  });
  const assets = new GraphQLObjectType<RichTextSource, GraphqlContext>({
    name: names.assets,
    fields: () => ({ block: list(asset(), 'embedded-asset-block'), hyperlink: list(asset(), 'asset-hyperlink') }),
  });
  const links = new GraphQLObjectType<RichTextSource, GraphqlContext>({
    name: names.links,
    fields: {
      entries: { type: new GraphQLNonNull(entries), resolve: (s) => s },
      assets: { type: new GraphQLNonNull(assets), resolve: (s) => s },
    },
  });
  return new GraphQLObjectType<RichTextSource, GraphqlContext>({
    name,
    fields: {
      json: { type: new GraphQLNonNull(JsonType), resolve: (s) => s.document },
      links: {
        type: new GraphQLNonNull(links),
        resolve: (s) => s,
        extensions: { complexity: { cost: richTextLinksCost(d) } },
      },
    },
  });
}
