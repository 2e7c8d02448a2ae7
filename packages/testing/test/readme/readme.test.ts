import { describeReadme } from '../../../core/test/_support/readme.js';

describeReadme(new URL('../../', import.meta.url));
