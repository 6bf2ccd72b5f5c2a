import type { Grant } from '../../../../core/grants.js';
import { SETUP_STEPS, SETUP_STEP_INFO } from '../../../../core/setupSteps.js';
import { builder, grants } from '../../../graphql/builder.js';
import { ModuleEnum } from '../neighborhoods/neighborhood.js';
import { setupSummary, type SetupStepState, type SetupSummary } from './service.js';
import { DashboardRef } from '../dashboard/dashboard.js';

/** The dashboard's setup widgets are for who configures the community: CDashboardRead or any step's grant. */
export const SETUP_SUMMARY_READERS: Grant[] = ['CDashboardRead', ...new Set(Object.values(SETUP_STEP_INFO).map((s) => s.grant))];

const SetupStepEnum = builder.enumType('SetupStep', { values: SETUP_STEPS });

const SetupStepStateRef = builder.objectRef<SetupStepState>('SetupStepState').implement({
  fields: (t) => ({
    module: t.field({ type: ModuleEnum, resolve: (s) => s.module }),
    step: t.field({ type: SetupStepEnum, resolve: (s) => s.step }),
    configured: t.exposeBoolean('configured'),
    path: t.exposeString('path', { description: 'The client route of the step’s settings screen' }),
  }),
});

const SetupSummaryRef = builder.objectRef<SetupSummary>('SetupSummary').implement({
  description: 'Setup progress of the current community: the steps of each active module the account may see.',
  fields: (t) => ({
    modules: t.field({ type: [ModuleEnum], description: 'Active modules (BASE always)', resolve: (s) => s.modules }),
    steps: t.field({ type: [SetupStepStateRef], resolve: (s) => s.steps }),
  }),
});

builder.queryField('setupSummary', (t) =>
  t.field({
    type: SetupSummaryRef,
    ...grants(...SETUP_SUMMARY_READERS),
    args: { module: t.arg({ type: ModuleEnum, required: false, description: 'Only this module’s steps (default: every active module)' }) },
    resolve: (_r, args, ctx) => setupSummary(ctx, args.module),
  }),
);

builder.objectField(DashboardRef, 'setupProgress', (t) =>
  t.field({
    type: SetupSummaryRef,
    nullable: true,
    description: 'Setup-progress widgets: the steps of each active module the account may see',
    ...grants(...SETUP_SUMMARY_READERS),
    unauthorizedResolver: () => null,
    resolve: (dashboard) => setupSummary(dashboard.ctx),
  }),
);

builder.objectField(DashboardRef, 'welcomeUrl', (t) =>
  t.string({
    nullable: true,
    description: 'Address of the community’s welcome content; null shows the default welcome page',
    resolve: async (dashboard) => {
      const id = dashboard.ctx.actor?.neighborhoodId;
      if (id == null) return null;
      const community = await dashboard.ctx.prisma.neighborhood.findUnique({ where: { id }, select: { welcomeUrl: true } });
      return community?.welcomeUrl ?? null;
    },
  }),
);
