// House scope, declared rather than called (DESIGN.md section 2b): every field whose type is a
// house-level type (a module's `houseScope`: Receipt, Agreement, HouseBalance…) and the relay `node` and
// `nodes` fields answer only rows the actor's house rule reaches. A row of another house is left out of a
// list, answers null where the field may be null, and FORBIDDEN where it may not. Services still refuse
// writes to another house before they happen; this rule makes sure no read path can forget it.
import SchemaBuilder, { BasePlugin, getTypeBrand, type PothosOutputFieldConfig, type PothosOutputFieldType, type SchemaTypes } from '@pothos/core';
import type { GraphQLFieldResolver } from 'graphql';
import { houseRuleOf, reachesRow } from '../auth/houseScope.js';
import type { Context } from '../kernel/context.js';
import { ForbiddenError } from '../kernel/errors.js';
import type { HouseRule } from '../kernel/module.js';

declare global {
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      houseScope: HouseScopePlugin<Types>;
    }
  }
}

/** What a check answers for a row the actor's house rule does not reach. */
const REFUSED = Symbol('refused');
type Check = (value: unknown, ctx: Context) => unknown;

const isPromise = (value: unknown): value is Promise<unknown> => typeof (value as Promise<unknown>)?.then === 'function';

export class HouseScopePlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapResolve(resolver: GraphQLFieldResolver<unknown, Types['Context'], object>, fieldConfig: PothosOutputFieldConfig<Types>) {
    const check = this.checkFor(fieldConfig.type);
    if (!check) return resolver;
    const nullable = fieldConfig.type.nullable;
    const answer = (value: unknown, ctx: Context) => {
      const checked = check(value, ctx);
      if (checked !== REFUSED) return checked;
      return nullable ? null : new ForbiddenError();
    };
    return (parent: unknown, args: object, ctx: Types['Context'], info: Parameters<typeof resolver>[3]) => {
      const result = resolver(parent, args, ctx, info);
      return isPromise(result) ? result.then((value) => answer(value, ctx as Context)) : answer(result, ctx as Context);
    };
  }

  /** How a value of this field type is checked (a list loses the rows it may not show), or nothing when it holds no house-level rows. */
  private checkFor(type: PothosOutputFieldType<Types>): Check | undefined {
    if (type.kind === 'List') {
      const item = this.checkFor(type.type);
      if (!item) return undefined;
      return (value, ctx) => (Array.isArray(value) ? value.filter((v) => item(v, ctx) !== REFUSED) : value);
    }
    if (type.kind !== 'Object' && type.kind !== 'Interface') return undefined;
    const name = this.buildCache.getTypeConfig(type.ref).name;
    const rule = houseRuleOf(name);
    // node(id:) and nodes(ids:) answer any type: the loaded row carries its type (relay's brand).
    const ruleOf: ((value: unknown) => HouseRule | undefined) | undefined =
      name === 'Node'
        ? (value) => {
            const brand = getTypeBrand(value);
            return brand ? houseRuleOf(typeof brand === 'string' ? brand : this.buildCache.getTypeConfig(brand).name) : undefined;
          }
        : rule && (() => rule);
    if (!ruleOf) return undefined;
    return (value, ctx) => {
      if (value == null || value instanceof Error) return value;
      const found = ruleOf(value);
      return !found || reachesRow(ctx.actor, found, value) ? value : REFUSED;
    };
  }
}

const pluginName = 'houseScope' as const;
SchemaBuilder.registerPlugin(pluginName, HouseScopePlugin);
export default pluginName;
