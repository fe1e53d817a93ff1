module github.com/kubeplay/kubeplay

go 1.26.0

require (
	github.com/goccy/go-yaml v1.19.2 // indirect
	github.com/hack-pad/safejs v0.1.0 // indirect
	github.com/tdewolff/minify/v2 v2.24.25 // indirect
	github.com/tdewolff/parse/v2 v2.8.20 // indirect
	golang.org/x/tools v0.52.0 // indirect
)
