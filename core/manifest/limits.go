package manifest

// Limits on what Decode accepts. Each one guards a cost that grows faster
// than the input in github.com/goccy/go-yaml v1.19, measured on this
// project's machines; a manifest a person writes is far below all of them.
const (
	// MaxBytes bounds the whole input. Everything else is linear in it
	// once the limits below hold.
	MaxBytes = 1 << 20

	// MaxDepth bounds nesting (block collections plus flow brackets).
	// goccy's lexer and parser use time and memory growing with the square
	// of the depth: 40,000 nested '[' took 2.5 GB. A Deployment is about
	// 10 deep.
	MaxDepth = 100

	// MaxMappingKeys bounds the keys of one block mapping. goccy's parser
	// recurses once per sibling key and copies the tail each time, so a
	// mapping of n keys costs n² (16,000 keys: 1.8 s, 1.1 GB).
	MaxMappingKeys = 1000

	// MaxAliasNodes bounds the nodes that aliases may add to one document
	// when expanded ("billion laughs": 7 levels of 10 aliases reached
	// 2.7 GB in goccy's decoder). Aliased nodes are shared, never copied,
	// so the bound is on work, not memory.
	MaxAliasNodes = 10000

	// maxQuotedBrackets bounds the unclosed brackets inside the quoted
	// and block scalars of one document: text to goccy, but counted in
	// case the guard's line scan misreads where a string starts.
	maxQuotedBrackets = 10 * MaxDepth

	// maxAliasNodesTotal bounds alias expansion across all documents, so a
	// stream of many documents cannot multiply MaxAliasNodes.
	maxAliasNodesTotal = 10 * MaxAliasNodes
)
