import type { Event, OpencodeClient, Part, SessionPromptAsyncData, TextPartInput } from '@opencode-ai/sdk';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  OpenCodeClientLike,
  OpenCodeEventLike,
  OpenCodeHooks,
  OpenCodeMessageLike,
  OpenCodePartLike,
  OpenCodePromptBody,
  OpenCodeTextPartInput,
} from '../../src/opencode/plugin-types.js';

type SdkMessageWithParts = NonNullable<
  Awaited<ReturnType<OpencodeClient['session']['messages']>>['data']
>[number];

describe('OpenCode plugin types against @opencode-ai/sdk 1.18.33', () => {
  it('accepts the real client', () => {
    expectTypeOf<OpencodeClient>().toExtend<OpenCodeClientLike>();
  });

  it('reads the real message and part shapes', () => {
    expectTypeOf<SdkMessageWithParts>().toExtend<OpenCodeMessageLike>();
    expectTypeOf<Part>().toExtend<OpenCodePartLike>();
  });

  it('receives every real bus event', () => {
    expectTypeOf<Event>().toExtend<OpenCodeEventLike>();
    expectTypeOf<{ event: Event }>().toExtend<Parameters<NonNullable<OpenCodeHooks['event']>>[0]>();
  });

  it('sends a prompt body the real API accepts', () => {
    expectTypeOf<OpenCodeTextPartInput>().toExtend<TextPartInput>();
    expectTypeOf<OpenCodePromptBody>().toExtend<NonNullable<SessionPromptAsyncData['body']>>();
  });

  it('is not trivially satisfied', () => {
    expectTypeOf<{ session: object }>().not.toExtend<OpenCodeClientLike>();
    expectTypeOf<{ type: number }>().not.toExtend<OpenCodeEventLike>();
  });
});
