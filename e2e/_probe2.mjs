import { createScriptedModel, otherwise, reply, runAgent } from '@skillpack/testing';
const [project, home, skill] = process.argv.slice(2);
const answers = [reply.toolCall('Skill', { skill }), reply.text('---RESULT---\nSTATUS: DONE\nSUMMARY: ok\n---END---')];
const model = await createScriptedModel({ replies: [otherwise((r) => answers[Math.min(r.turn, 1)])] });
const out = await runAgent({ runtime: 'claude-code', model, prompt: 'Execute the plan.', project, cli: '/work/main/e2e/runtimes/node_modules/.bin/claude', env: { HOME: home }, timeoutMs: 120000 });
for (const l of out.stdout.split('\n')) if (l.includes('tool_result')) console.log(l.slice(0, 400));
await model.close();
