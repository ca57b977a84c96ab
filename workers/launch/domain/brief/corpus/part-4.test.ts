import { describeCorpusPart } from './suite';

describeCorpusPart(4, 4);
