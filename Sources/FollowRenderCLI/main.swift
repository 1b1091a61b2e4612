import FollowRender
print("follow-render")
