import { plainToInstance } from 'class-transformer';
import { IsOptional, IsString, validateSync } from 'class-validator';
import { IsOptionalNotNull } from './is-optional-not-null.decorator';

class Probe {
  @IsOptionalNotNull()
  @IsString({ message: 'replaces must be text.' })
  replaces?: string;
}

class LooseProbe {
  @IsOptional()
  @IsString({ message: 'replaces must be text.' })
  replaces?: string;
}

const problems = (cls: new () => object, body: object) =>
  validateSync(plainToInstance(cls, body)).flatMap((e) => Object.values(e.constraints ?? {}).map((m) => `${e.property}: ${m}`));

describe('IsOptionalNotNull', () => {
  it('lets the field be left out, and checks it when sent', () => {
    expect(problems(Probe, {})).toEqual([]);
    expect(problems(Probe, { replaces: 'abc' })).toEqual([]);
    expect(problems(Probe, { replaces: 7 })).toEqual(['replaces: replaces must be text.']);
  });

  it('refuses an explicit null with the field named, where IsOptional waves it through', () => {
    expect(problems(Probe, { replaces: null })).toEqual(['replaces: replaces must be text.']);
    expect(problems(LooseProbe, { replaces: null })).toEqual([]);
  });
});
