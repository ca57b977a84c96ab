import { describeCorpusPart } from './suite';

describeCorpusPart(3, 4);
