// contentful-migration: an `author` content type derived from the posts' `authorName` text field, linked back
// through a new non-localized link field (the tool writes that link in every locale of the space).
module.exports = function (migration) {
  const author = migration.createContentType('author').name('Author').displayField('name');
  author.createField('name').type('Symbol').name('Name').required(true);

  const post = migration.editContentType('post');
  post.createField('author').type('Link').linkType('Entry').name('Author').validations([{ linkContentType: ['author'] }]);

  migration.deriveLinkedEntries({
    contentType: 'post',
    derivedContentType: 'author',
    from: ['authorName'],
    toReferenceField: 'author',
    derivedFields: ['name'],
    identityKey: async (from) => from.authorName['en-US'].toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    shouldPublish: true,
    deriveEntryForLocale: async (from, locale) => (locale === 'en-US' ? { name: from.authorName['en-US'] } : undefined),
  });
};
