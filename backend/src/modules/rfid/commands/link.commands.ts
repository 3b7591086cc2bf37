import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { LinkProductTagResult, LinkTagResult, UnlinkTagsResult } from '@rfid/contracts';
import { AppError } from '../../../platform/errors/app-error.js';
import { productToLink } from '../../products/products.public.js';
import { sampleStreamId, sampleToLink } from '../../samples/samples.public.js';
import { decideTag, tagModel } from '../domain/rfid-tag.js';
import type { TagEvent } from '../rfid.events.js';
import { commandOf } from '../../../platform/cqrs/command-message.js';
import { PlatformHandler } from '../../../platform/cqrs/platform-handler.js';

/*
 * Linking tags to samples and products and unlinking them, each a message on the CommandBus and its handler: commands on tag streams that also hold the sample still.
 */

/**
   * Links a tag to a sample. The command locks the tag's stream and the sample's: links of one tag run
   * one after the other (the second sees the first's link: TAG_LINKED), so do links of one sample
   * (SAMPLE_LINKED) and a link and a deletion of one sample. The unique keys of tag_links, written in
   * the same transaction, are the last word.
   */
export class LinkTag extends commandOf<{ tagCode: string; sampleId: string }, LinkTagResult>() {}

@CommandHandler(LinkTag)
export class LinkTagHandler extends PlatformHandler implements ICommandHandler<LinkTag> {
  async execute({ tagCode, sampleId }: LinkTag): Promise<LinkTagResult> {
    let sampleCode = '';
    await this.platform.commands.execute(
      tagModel,
      tagCode,
      async (tag, { tx }) => {
        if (!tag.exists) throw new AppError('NOT_FOUND', { tagCode });
        const sample = await sampleToLink(tx, sampleId);
        if (!sample) throw new AppError('NOT_FOUND', { sampleId });
        sampleCode = sample.sampleCode;
        return decideTag(tag, { kind: 'link', tagCode, sampleId, sampleCode, sampleTagCode: sample.currentTagCode });
      },
      { alsoLock: [sampleStreamId(sampleId)] },
    );
    return { tagCode, sampleId, sampleCode };
  }
}

/**
   * Links a tag to an ACTIVE product, as a UNIT tag or a BOX tag. The tag's stream lock makes links of
   * one tag run one after the other (the second sees the first: TAG_LINKED); a product takes any
   * number of tags, so its stream is not locked.
   */
export class LinkProductTag extends commandOf<{ tagCode: string; productId: string; box: boolean }, LinkProductTagResult>() {}

@CommandHandler(LinkProductTag)
export class LinkProductTagHandler extends PlatformHandler implements ICommandHandler<LinkProductTag> {
  async execute({ tagCode, productId, box }: LinkProductTag): Promise<LinkProductTagResult> {
    let productCode = '';
    await this.platform.commands.execute(tagModel, tagCode, async (tag, { tx }) => {
      if (!tag.exists) throw new AppError('NOT_FOUND', { tagCode });
      const product = await productToLink(tx, productId);
      if (!product) throw new AppError('PRODUCT_NOT_FOUND', { productId });
      productCode = product.code;
      return decideTag(tag, { kind: 'linkProduct', tagCode, productId, productCode, box });
    });
    return { tagCode, productId, productCode, box };
  }
}

/**
   * Unlinks up to 15 tags, all or none: a code that names no tag is NOT_FOUND (404), a tag that is not
   * linked TAG_NOT_LINKED (409); the answer's code is the first problem's, its details all of them.
   */
export class UnlinkTags extends commandOf<{ tagCodes: string[]; reason: string | null }, UnlinkTagsResult>() {}

@CommandHandler(UnlinkTags)
export class UnlinkTagsHandler extends PlatformHandler implements ICommandHandler<UnlinkTags> {
  async execute({ tagCodes, reason }: UnlinkTags): Promise<UnlinkTagsResult> {
    const codes = [...tagCodes].sort();
    const repeated = codes.filter((code, i) => codes[i - 1] === code);
    if (repeated.length) throw new AppError('DUPLICATE_RFID', [...new Set(repeated)].map((code) => ({ code })));
    await this.platform.commands.executeOnEach(tagModel, tagCodes, (tags) => {
      const problems: { tagCode: string; error: 'NOT_FOUND' | 'TAG_NOT_LINKED'; state?: string }[] = [];
      const events: TagEvent[][] = tags.map((tag, i) => {
        const tagCode = tagCodes[i]!;
        if (!tag.exists) problems.push({ tagCode, error: 'NOT_FOUND' });
        else if (tag.state !== 'LINKED') problems.push({ tagCode, error: 'TAG_NOT_LINKED', state: tag.state });
        else return decideTag(tag, { kind: 'unlink', tagCode, reason });
        return [];
      });
      if (problems.length) throw new AppError(problems[0]!.error, problems);
      return events;
    });
    return { unlinked: tagCodes.length };
  }
}

export const LINK_COMMAND_HANDLERS = [LinkTagHandler, LinkProductTagHandler, UnlinkTagsHandler];
