// How setApplicationStatus's result ended, in the words the tests check: 'updated', 'unchanged',
// or the problem it was refused with ('conflict', 'not-found').
import type { StatusChange } from '~/server/applications/store.server';

export const outcomeOf = (change: StatusChange) =>
  change.ok ? (change.value.changed ? 'updated' : 'unchanged') : change.problem;

/** The record a change wrote, or false when it wrote nothing. */
export const updatedRecord = (change: StatusChange) => change.ok && change.value.changed && change.value.application;
