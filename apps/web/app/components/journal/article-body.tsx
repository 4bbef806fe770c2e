import type { ArticleBlock } from '@ekran/contracts';
import type { TFunction } from 'i18next';
import { Gallery } from './gallery.tsx';
import { TitleEmbed } from './title-embed.tsx';

/**
 * An article's body: the API's blocks in order. HTML blocks are the shared Markdown renderer's output, sanitised by
 * the API (apps/api/src/lib/markdown.ts), so they go into the page as they are.
 */
export function ArticleBody({ blocks, t }: { blocks: ArticleBlock[]; t: TFunction }) {
  return (
    <div className="article__body" data-testid="article-body">
      {blocks.map((block, i) => {
        switch (block.type) {
          case 'html':
            return <div key={i} className="prose" dangerouslySetInnerHTML={{ __html: block.html }} />;
          case 'title':
            return <TitleEmbed key={i} title={block.title} t={t} />;
          case 'gallery':
            return <Gallery key={i} images={block.images} caption={block.caption} t={t} />;
        }
      })}
    </div>
  );
}
