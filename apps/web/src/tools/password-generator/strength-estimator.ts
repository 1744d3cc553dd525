/**
 * The password strength estimator: zxcvbn-ts with its English and common
 * dictionaries, bundled. This module is imported dynamically by the password
 * generator only, so its dictionaries never reach another page. Passwords
 * are checked here, in the page, and never sent anywhere.
 */
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { describeEstimate, type StrengthEstimate } from './strength';

/** zxcvbn's cost grows with length; longer input is cut here as the library advises. */
const MAX_CHECKED_LENGTH = 256;

export type Estimator = (password: string) => Promise<StrengthEstimate>;

export function createEstimator(): Estimator {
  const zxcvbn = new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
    maxLength: MAX_CHECKED_LENGTH,
  });
  return async (password) => describeEstimate((await zxcvbn.check(password)) as ZxcvbnResult);
}
