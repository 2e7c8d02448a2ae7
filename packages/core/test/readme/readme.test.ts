import { describeReadme } from '../_support/readme.js';

describeReadme(new URL('../../', import.meta.url));
