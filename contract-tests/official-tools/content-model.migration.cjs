// contentful-migration: the starting content model, a post with a localized title and a plain author name.
module.exports = function (migration) {
  const post = migration.createContentType('post').name('Post').displayField('title');
  post.createField('title').type('Symbol').name('Title').localized(true).required(true);
  post.createField('authorName').type('Symbol').name('Author name');
  post.createField('body').type('Text').name('Body').localized(true);
};
