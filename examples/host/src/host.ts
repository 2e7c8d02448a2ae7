import { replayConflux } from './conflux-loop.js';
import { DecisionLog, type HostReport, type ScenarioReport } from './decision.js';
import { replayMaestro } from './maestro-loop.js';
import { SCENARIOS, type Scenario } from './scenarios.js';
import { replayZaofu } from './zaofu-handoff.js';

async function replay(runsDir: string, scenario: Scenario): Promise<ScenarioReport> {
  const log = new DecisionLog(scenario.id);
  switch (scenario.family) {
    case 'conflux':
      return replayConflux(runsDir, scenario, log);
    case 'maestro':
      return replayMaestro(runsDir, scenario, log);
    case 'zaofu':
      return replayZaofu(runsDir, scenario, log);
  }
}

/** Replay every recorded scenario under `runsDir`, in order; the same runs always give the same report. */
export async function runHost(
  runsDir: string,
  scenarios: readonly Scenario[] = SCENARIOS,
): Promise<HostReport> {
  const reports: ScenarioReport[] = [];
  for (const scenario of scenarios) reports.push(await replay(runsDir, scenario));
  return { schemaVersion: 1, scenarios: reports };
}
